import type { Db, Dialect } from '../../db/database.js';
import type { OutboxTable } from './outbox.tables.js';

export type OutboxChannel = OutboxTable['channel'];

export interface NewOutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
}

export function insertMessage(db: Db, message: NewOutboxMessage, now: number) {
  return db
    .insertInto('outbox')
    .values({ ...message, created_at: now, sent_at: null, attempts: 0, last_error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function listForRecipient(db: Db, recipient: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at', 'sent_at'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A message a delivery worker holds: `attempts` already counts the try it is making. */
export interface ClaimedMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

export interface ClaimOptions {
  channels: readonly OutboxChannel[];
  now: number;
  /** Until then no other worker may take the rows (longer than any one delivery can take). */
  leaseUntil: number;
  maxAttempts: number;
  limit: number;
}

/**
 * Takes up to `limit` due messages for one worker. The claim is one conditional UPDATE that
 * counts the try and sets the lease, and it re-checks "due" on the row it changes: two
 * workers racing for a row cannot both change it, so a message is never sent twice while a
 * lease holds. PostgreSQL skips rows another worker is claiming instead of waiting for them;
 * SQLite has one writer at a time, so its statements never interleave.
 */
export async function claimDue(db: Db, dialect: Dialect, options: ClaimOptions): Promise<ClaimedMessage[]> {
  const { channels, now, leaseUntil, maxAttempts, limit } = options;
  if (channels.length === 0) return [];
  let candidates = db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('channel', 'in', channels)
    .where('attempts', '<', maxAttempts)
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', 'in', candidates)
    .where('sent_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export function markSent(db: Db, id: number, now: number) {
  return db
    .updateTable('outbox')
    .set({ sent_at: now, last_error: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Records a failed try and when the next one may start. Only the worker whose claim is still
 * current (same try count) writes, so a late answer never moves another worker's lease.
 */
export function markFailed(db: Db, id: number, attempts: number, error: string, retryAt: number) {
  return db
    .updateTable('outbox')
    .set({ last_error: error, next_attempt_at: retryAt })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('attempts', '=', attempts)
    .executeTakeFirst();
}
