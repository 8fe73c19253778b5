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
