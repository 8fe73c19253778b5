import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * A query that runs on every signed-in request (the access-token check, the profile read), with
 * its SQL text built once per database instead of by the query builder on each call: only the
 * parameters change, and the SQLite driver's statement cache finds the same text at once.
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
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(text, [...args]));
    return result.rows;
  };
}
