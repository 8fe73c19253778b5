import { type Kysely, sql } from 'kysely';
import { hotQuery } from '../../src/db/hot-query.js';
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

/** Reads every table's row count on one app's database. */
type RowCounter = () => Promise<Record<string, number>>;

const rowCounters = new WeakMap<TestApp, Promise<RowCounter>>();

/**
 * The counting query of one app, built once: its migrations ran before the app was handed out
 * and no route creates a table. It runs as a hot query, so PostgreSQL plans its many subqueries
 * once per connection — planned afresh, with the table list read before each count, it made
 * the fuzzing suite's thousands of counts six times slower there than on SQLite.
 */
async function rowCounter(t: TestApp): Promise<RowCounter> {
  const names = await tableNames(t);
  const query = sql<Record<string, number | string>>`SELECT ${sql.join(
    names.map((name) => sql`(SELECT COUNT(*) FROM ${sql.table(name)}) AS ${sql.ref(name)}`),
  )}`;
  const count = hotQuery((db) => ({ compile: () => query.compile(db) }));
  return async () => {
    const [row] = await count(t.app.db);
    return Object.fromEntries(names.map((name) => [name, Number(row?.[name])]));
  };
}

/**
 * Row counts of every table, in one query: equal before and after means no row was added or
 * removed anywhere.
 */
export async function tableRowCounts(t: TestApp): Promise<Record<string, number>> {
  let counter = rowCounters.get(t);
  if (!counter) rowCounters.set(t, (counter = rowCounter(t)));
  return (await counter)();
}
