import type { Db } from './database.js';

/**
 * Recognises a unique-constraint violation on either database, so that services can let the
 * index decide ("one account per e-mail") and turn the loser of a race into a clean 409
 * instead of checking first and racing.
 *
 * Returns the columns of the violated key (`['email']`), or null when the error is something
 * else. The offending value is never returned: error details can carry personal data.
 */
export function uniqueViolation(error: unknown): { columns: string[] } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };

  // better-sqlite3: "UNIQUE constraint failed: users.email" (or a primary key).
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = typeof message === 'string' ? message.split(':').slice(1).join(':') : '';
    const columns = list
      .split(',')
      .map((part) => part.trim().split('.').pop() ?? '')
      .filter(Boolean);
    return { columns };
  }

  // pg: SQLSTATE 23505, detail "Key (email)=(…) already exists."
  if (code === '23505') {
    const match = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
    const columns = match?.[1] ? match[1].split(',').map((part) => part.trim().replace(/^"|"$/g, '')) : [];
    return { columns };
  }
  return null;
}

/**
 * Runs `work` in one transaction and lets a unique index have the last word: a violation that
 * `explain` recognises by the columns of its key becomes the error `explain` returns (a 409 with
 * the domain's message), so the loser of a race hears what a caller who came second hears.
 * Anything else is rethrown as it is.
 */
export async function transactionExplainingUnique<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  explain: (columns: string[]) => Error | undefined,
): Promise<T> {
  try {
    return await db.transaction().execute((trx) => work(trx));
  } catch (error) {
    const violated = uniqueViolation(error);
    throw (violated && explain(violated.columns)) ?? error;
  }
}
