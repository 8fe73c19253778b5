import type { Db } from '../../db/database.js';

/**
 * Audit events: sign-ins, sign-outs, unbinds, security changes. Every module that records one
 * goes through here, so the sign-in history reads one shape.
 */
export interface AuditEvent {
  userId: number | null;
  kind: string;
  ip: string | null;
  userAgent: string | null;
  /** Never a password, code or token. */
  detail?: Record<string, string | number | boolean | null>;
}

export function insertAuditEvent(db: Db, event: AuditEvent, now: number) {
  return db
    .insertInto('audit_events')
    .values({
      user_id: event.userId,
      kind: event.kind,
      ip: event.ip,
      user_agent: event.userAgent,
      detail: event.detail ? JSON.stringify(event.detail) : null,
      created_at: now,
    })
    .execute();
}

const eventsOf = (db: Db, userId: number, kinds: readonly string[]) =>
  db
    .selectFrom('audit_events')
    .where('user_id', '=', userId)
    .where('kind', 'in', [...kinds]);

/** A page of an account's events of the kinds given, newest first (the sign-in history). */
export function listEvents(db: Db, userId: number, kinds: readonly string[], offset: number, count: number) {
  return eventsOf(db, userId, kinds)
    .select(['id', 'kind', 'ip', 'user_agent', 'detail', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .offset(offset)
    .execute();
}

export async function countEvents(db: Db, userId: number, kinds: readonly string[]): Promise<number> {
  const row = await eventsOf(db, userId, kinds)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One event of the account's, if it is of one of the kinds given. */
export function findEvent(db: Db, userId: number, kinds: readonly string[], eventId: number) {
  return eventsOf(db, userId, kinds).select(['id']).where('id', '=', eventId).executeTakeFirst();
}
