import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Whether a message was already sent under this `once` key (`notify`), as a condition another
 * module's query can carry: a sweep that reminds once per thing leaves out, in its own
 * statement, what was already told of, so its limit counts only what is still to tell.
 */
export function sentOnce(db: Db, key: Expression<string>): Expression<SqlBool> {
  // The subquery is written in its own parentheses by Kysely.
  return sql<SqlBool>`exists ${db.selectFrom('notices').select('notices.id').where('notices.event_key', '=', key)}`;
}
