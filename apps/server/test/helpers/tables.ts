import { sql } from 'kysely';
import type { Db, Dialect } from '../../src/db/database.js';

/** Every table of the migrated database with the columns it has, read from the database itself. */
export async function tablesWithColumns(db: Db, dialect: Dialect): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (dialect === 'sqlite') {
    const names = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
    for (const { name } of names.rows) {
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db);
      tables.set(
        name,
        columns.rows.map((c) => c.name),
      );
    }
    return tables;
  }
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(db);
  for (const { table_name, column_name } of columns.rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  return tables;
}

/** A foreign key: `table.column` references a row of `references`. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

/** Every foreign key of the migrated database, read from the database itself. */
export async function foreignKeys(db: Db, dialect: Dialect): Promise<ForeignKey[]> {
  if (dialect === 'sqlite') {
    const keys: ForeignKey[] = [];
    for (const table of (await tablesWithColumns(db, dialect)).keys()) {
      const rows = await sql<{ table: string; from: string }>`
        SELECT "table", "from" FROM pragma_foreign_key_list(${table})`.execute(db);
      for (const key of rows.rows) keys.push({ table, column: key.from, references: key.table });
    }
    return keys;
  }
  const rows = await sql<{ table_name: string; column_name: string; references: string }>`
    SELECT k.table_name, k.column_name, u.table_name AS "references"
      FROM information_schema.referential_constraints r
      JOIN information_schema.key_column_usage k
        ON k.constraint_name = r.constraint_name AND k.constraint_schema = r.constraint_schema
      JOIN information_schema.constraint_column_usage u
        ON u.constraint_name = r.unique_constraint_name AND u.constraint_schema = r.unique_constraint_schema
     WHERE r.constraint_schema = current_schema()`.execute(db);
  return rows.rows.map((key) => ({ table: key.table_name, column: key.column_name, references: key.references }));
}

/**
 * Every row that belongs to a user, table by table (the user's own row, and rows with any
 * column named `user_id` or ending in `_user_id`), as JSON: equal before and after means nothing of theirs was changed.
 */
export async function rowsOfUser(db: Db, dialect: Dialect, userId: number): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const [table, columns] of await tablesWithColumns(db, dialect)) {
    const userColumns = table === 'users' ? ['id'] : columns.filter((c) => c === 'user_id' || c.endsWith('_user_id'));
    if (userColumns.length === 0) continue;
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(table)}
       WHERE ${sql.join(
         userColumns.map((c) => sql`${sql.ref(c)} = ${userId}`),
         sql` OR `,
       )}`.execute(db);
    snapshot[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
