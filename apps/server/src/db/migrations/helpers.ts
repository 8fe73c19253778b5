import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Which database a Kysely instance (or transaction) talks to. */
export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
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

/**
 * Makes a table append-only on both databases: a trigger refuses every UPDATE with `message`
 * (a correction is a new row). `dropAppendOnly` removes it.
 */
export async function makeAppendOnly(db: Kysely<unknown>, table: string, message: string): Promise<void> {
  const trigger = sql.id(`${table}_append_only`);
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION ${sql.lit(message)};
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER ${trigger} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${trigger}()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER ${trigger} BEFORE UPDATE ON ${sql.table(table)}
      BEGIN
        SELECT RAISE(ABORT, ${sql.lit(message)});
      END`.execute(db);
  }
}

export async function dropAppendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  const trigger = sql.id(`${table}_append_only`);
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS ${trigger} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${trigger}()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS ${trigger}`.execute(db);
  }
}
