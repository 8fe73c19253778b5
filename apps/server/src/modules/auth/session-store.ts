import type { Db } from '../../db/database.js';
import type { Ended } from './token-cache.js';

/**
 * Sessions, their tokens, login tickets and credentials belong to sign-in: this is the one place
 * other modules change them through (devices linking and ending sessions, the account screen
 * ending the others after a password change, "this wasn't me" withdrawing the password), so a
 * change to how a session ends — and who must hear of it — is made here once.
 */

export type { Ended };

/**
 * Tells every instance that sessions ended, so none answers from memory for their access tokens
 * (authenticate.plugin.ts; docs/decisions/021). The app provides it; the operator CLI provides one
 * that reaches the servers through Redis.
 */
export interface SessionEndsNotifier {
  announce(ended: Ended): Promise<void>;
}

export interface SessionEndsDeps {
  db: Db;
  sessionEnds: SessionEndsNotifier;
}

/** What a transaction ends, noted by the functions that end sessions (they all take one). */
export class EndingSessions {
  readonly ended: Ended = { users: [], sessions: [] };

  sessions(ids: readonly string[]): void {
    this.ended.sessions.push(...ids);
  }

  /** Every session of the account (a password reset, a closed account). */
  user(userId: number): void {
    this.ended.users.push(userId);
  }
}

/**
 * The one way to end sessions: a transaction whose `work` ends them through the functions
 * below (each takes the `ending` it is given); once it has committed, every instance hears
 * which sessions ended, before the caller answers. Announced after the commit, never before:
 * an instance that heard would otherwise re-check the database, still see the session alive
 * and keep it. Rolled back → nothing is announced.
 */
export async function endingSessions<T>(
  deps: SessionEndsDeps,
  work: (trx: Db, ending: EndingSessions) => Promise<T>,
): Promise<T> {
  const ending = new EndingSessions();
  const result = await deps.db.transaction().execute((trx) => work(trx, ending));
  const { ended } = ending;
  if (ended.users.length > 0 || ended.sessions.length > 0) await deps.sessionEnds.announce(ended);
  return result;
}

/** The calling session runs on this device from now on (docs/architecture.md#sign-in: every session knows its device). */
export function linkSession(db: Db, sessionId: string, deviceId: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ device_id: deviceId, last_used_at: now })
    .where('id', '=', sessionId)
    .execute();
}

export async function sessionDevice(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('device_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.device_id ?? null;
}

const liveSessions = (db: Db, userId: number, now: number) =>
  db.selectFrom('sessions').where('user_id', '=', userId).where('revoked_at', 'is', null).where('expires_at', '>', now);

export function listLiveSessions(db: Db, userId: number, now: number, limit: number) {
  return liveSessions(db, userId, now)
    .select(['id', 'device_id', 'user_agent', 'ip', 'method', 'created_at', 'last_used_at', 'expires_at'])
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countLiveSessions(db: Db, userId: number, now: number): Promise<number> {
  const row = await liveSessions(db, userId, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The update every way of ending sessions runs: the sessions not yet revoked, marked revoked now
 * for `reason`. Each caller narrows it to the sessions it ends and notes them in its `ending`.
 */
export function revokingSessions(db: Db, now: number, reason: string) {
  return db.updateTable('sessions').set({ revoked_at: now, revoke_reason: reason }).where('revoked_at', 'is', null);
}

/** Ends one live session of the user; no row back → not the user's, or already ended. */
export async function revokeUserSession(
  db: Db,
  ending: EndingSessions,
  userId: number,
  sessionId: string,
  now: number,
  reason: string,
) {
  const row = await revokingSessions(db, now, reason)
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .returning(['id'])
    .executeTakeFirst();
  if (row) ending.sessions([row.id]);
  return row;
}

/** Ends every session of a device, or of the whole account; returns the sessions ended. */
export async function revokeSessions(
  db: Db,
  ending: EndingSessions,
  userId: number,
  now: number,
  reason: string,
  deviceId?: string,
) {
  let query = revokingSessions(db, now, reason).where('user_id', '=', userId);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  const rows = await query.returning(['id']).execute();
  ending.sessions(rows.map((row) => row.id));
  return rows;
}

/** A pending one-time login ticket would start a new session: they go with the sessions. */
export function deleteUnusedTickets(db: Db, userId: number) {
  return db.deleteFrom('login_tickets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends every live session of the user but one (the caller's), e.g. after a password change. */
export async function revokeOtherSessions(
  db: Db,
  ending: EndingSessions,
  userId: number,
  keepSessionId: string,
  now: number,
  reason: string,
) {
  const rows = await revokingSessions(db, now, reason)
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .returning(['id'])
    .execute();
  ending.sessions(rows.map((row) => row.id));
}

/** Removes the account's password; no row back → it had none. */
export function deletePassword(db: Db, userId: number) {
  return db
    .deleteFrom('credentials')
    .where('user_id', '=', userId)
    .where('kind', '=', 'password')
    .returning(['user_id'])
    .executeTakeFirst();
}
