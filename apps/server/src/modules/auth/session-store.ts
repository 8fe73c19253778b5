import type { Db } from '../../db/database.js';

/**
 * Sessions, their tokens, login tickets and credentials belong to sign-in: this is the one place
 * other modules change them through (devices linking and ending sessions, the account screen
 * ending the others after a password change, "this wasn't me" withdrawing the password), so a
 * change to how a session ends — and who must hear of it — is made here once.
 */

/** The calling session runs on this device from now on (DESIGN §4: every session knows its device). */
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

/** Ends one live session of the user; no row back → not the user's, or already ended. */
export function revokeUserSession(db: Db, userId: number, sessionId: string, now: number, reason: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id'])
    .executeTakeFirst();
}

/** Ends every session of a device, or of the whole account; returns the sessions ended. */
export function revokeSessions(db: Db, userId: number, now: number, reason: string, deviceId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  return query.returning(['id']).execute();
}

/** A pending one-time login ticket would start a new session: they go with the sessions. */
export function deleteUnusedTickets(db: Db, userId: number) {
  return db.deleteFrom('login_tickets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends every live session of the user but one (the caller's), e.g. after a password change. */
export function revokeOtherSessions(db: Db, userId: number, keepSessionId: string, now: number, reason: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
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
