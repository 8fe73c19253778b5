import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../src/db/migrations/helpers.js';
import type { TestApp } from './test-app.js';

/** Every table of the app's database (its own schema on PostgreSQL), read from the database itself. */
export async function tableNames(t: TestApp): Promise<string[]> {
  const query =
    // The table types do not matter here: the names come from the database.
    dialectOf(t.app.db as unknown as Kysely<unknown>) === 'postgres'
      ? sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
      : sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;
  const { rows } = await query.execute(t.app.db);
  return rows.map((row) => row.name).sort();
}

/**
 * Row counts of every table, in one query: equal before and after means no row was added or
 * removed anywhere.
 */
export async function tableRowCounts(t: TestApp): Promise<Record<string, number>> {
  const names = await tableNames(t);
  const { rows } = await sql<Record<string, number | string>>`SELECT ${sql.join(
    names.map((name) => sql`(SELECT COUNT(*) FROM ${sql.table(name)}) AS ${sql.ref(name)}`),
  )}`.execute(t.app.db);
  return Object.fromEntries(names.map((name) => [name, Number(rows[0]?.[name])]));
}
