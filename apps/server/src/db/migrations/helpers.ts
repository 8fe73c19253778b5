import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * An auto-incrementing integer primary key that reads the same on both databases
 * (SQLite `INTEGER PRIMARY KEY AUTOINCREMENT`, PostgreSQL identity column).
 */
export function withAutoId<T extends string, C extends string = 'id'>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
  column: C = 'id' as C,
): CreateTableBuilder<T, C> {
  return dialect === 'postgres'
    ? table.addColumn(column, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Unix seconds. `bigint` on PostgreSQL (read back as numbers, see db/database.ts). */
export const time = (c: ColumnDefinitionBuilder) => c.notNull();
export const TIME = 'bigint' as const;
