import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * The SQL texts of hot queries, each with a statement name: on PostgreSQL they run as named
 * prepared statements (db/database.ts), parsed and planned once per connection.
 */
const statementNames = new Map<string, string>();

export function hotStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[];

/** SQLite: a connection of its own for hot reads, by database (db/database.ts). */
const directReads = new WeakMap<Db, DirectRead>();

/**
 * Hot queries on `db` read through `read`: on SQLite a read-only connection beside the one
 * Kysely queues every query on, so a read never waits behind another request's transaction
 * (WAL: it sees what is committed). A transaction's own reads still go through the transaction.
 */
export function readHotQueriesWith(db: Db, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A query that runs on every signed-in request (the access-token check, the profile read), with
 * its SQL text built once per database instead of by the query builder on each call: only the
 * parameters change, the SQLite driver's statement cache finds the same text at once, and
 * PostgreSQL runs it as a prepared statement.
 * `build` must make a query whose parameters are exactly its arguments, in order — a fixed value
 * goes in with `sql.lit` — and the first call checks it.
 */
export function hotQuery<Row, Args extends readonly unknown[]>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const texts = new WeakMap<Db, string>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let text = texts.get(db);
    if (text === undefined) {
      const compiled = build(db, ...args).compile();
      const same =
        compiled.parameters.length === args.length && compiled.parameters.every((value, i) => value === args[i]);
      if (!same) throw new Error(`hotQuery: the parameters of ${compiled.sql} are not its arguments`);
      text = compiled.sql;
      texts.set(db, text);
      if (!statementNames.has(text)) statementNames.set(text, `hot_query_${statementNames.size + 1}`);
    }
    const direct = directReads.get(db);
    if (direct) return direct(text, args) as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(text, [...args]));
    return result.rows;
  };
}
