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

/** Columns that reference `users.id` by a foreign key, table by table. */
export async function userReferences(db: Db, dialect: Dialect): Promise<Map<string, string[]>> {
  const references = new Map<string, string[]>();
  const add = (table: string, column: string) => references.set(table, [...(references.get(table) ?? []), column]);
  if (dialect === 'sqlite') {
    for (const table of (await tablesWithColumns(db, dialect)).keys()) {
      const keys = await sql<{ table: string; from: string }>`
        SELECT "table", "from" FROM pragma_foreign_key_list(${table})`.execute(db);
      for (const key of keys.rows) if (key.table === 'users') add(table, key.from);
    }
    return references;
  }
  const keys = await sql<{ table_name: string; column_name: string }>`
    SELECT k.table_name, k.column_name
      FROM information_schema.referential_constraints r
      JOIN information_schema.key_column_usage k
        ON k.constraint_name = r.constraint_name AND k.constraint_schema = r.constraint_schema
      JOIN information_schema.constraint_column_usage u
        ON u.constraint_name = r.unique_constraint_name AND u.constraint_schema = r.unique_constraint_schema
     WHERE r.constraint_schema = current_schema() AND u.table_name = 'users'`.execute(db);
  for (const key of keys.rows) add(key.table_name, key.column_name);
  return references;
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
