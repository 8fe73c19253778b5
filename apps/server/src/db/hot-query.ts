import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './db.js';

/**
 * Runs a hot query's SQL straight through the driver: `name` is the statement's name, for a
 * driver that prepares named statements (PostgreSQL).
 */
export type DirectRead = (
  query: { name: string; sql: string },
  parameters: readonly unknown[],
) => unknown[] | Promise<unknown[]>;

/** How each database runs hot queries when not in a transaction (db/database.ts). */
const directReads = new WeakMap<Db, DirectRead>();

/**
 * Hot queries on `db` (not on its transactions) run through `read`, not through Kysely's
 * executor: on SQLite a read-only connection beside the one Kysely queues every query on, so
 * a read never waits behind another request's transaction (WAL: it sees what is committed);
 * on PostgreSQL the pool's own `query` with a named statement, parsed and planned once per
 * connection.
 */
export function readHotQueriesWith(db: Db, read: DirectRead): void {
  directReads.set(db, read);
}

let statements = 0;

/**
 * A query that runs on every signed-in request (the access-token check, the profile read), with
 * its SQL text built once per database instead of by the query builder on each call: only the
 * parameters change. `build` must make a query whose parameters are exactly its arguments, in
 * order — a fixed value goes in with `sql.lit` — and the first call checks it.
 */
export function hotQuery<Row, Args extends readonly unknown[]>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const name = `hot_query_${++statements}`;
  const texts = new WeakMap<Db, string>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let sql = texts.get(db);
    if (sql === undefined) {
      const compiled = build(db, ...args).compile();
      const same =
        compiled.parameters.length === args.length && compiled.parameters.every((value, i) => value === args[i]);
      if (!same) throw new Error(`hotQuery: the parameters of ${compiled.sql} are not its arguments`);
      sql = compiled.sql;
      texts.set(db, sql);
    }
    const direct = directReads.get(db);
    if (direct) return (await direct({ name, sql }, args)) as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...args]));
    return result.rows;
  };
}
