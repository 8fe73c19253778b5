import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/db.js';
import { deleteInBatches } from './auth.repository.js';

const DAY = 86_400;

/** Creates the send window of a target on its first send; a no-op afterwards. */
export async function ensureSendWindow(db: Db, target: string, now: number): Promise<void> {
  await db
    .insertInto('code_send_windows')
    // last_sent_at 0 lets the first claim through; the claim sets the real values.
    .values({ target, last_sent_at: 0, day_started_at: now, day_count: 0 })
    .onConflict((oc) => oc.column('target').doNothing())
    .execute();
}

/**
 * Takes one send slot of a target in a single conditional statement: at least `spacing`
 * seconds since the last send, and fewer than `perDay` sends in the current 24-hour window
 * (a new window starts with the first send after the old one ends). No row back → refused.
 */
export function claimSendSlot(db: Db, target: string, now: number, spacing: number, perDay: number) {
  const dayOver = sql<boolean>`day_started_at <= ${now - DAY}`;
  return db
    .updateTable('code_send_windows')
    .set({
      last_sent_at: now,
      day_count: sql<number>`CASE WHEN ${dayOver} THEN 1 ELSE day_count + 1 END`,
      day_started_at: sql<number>`CASE WHEN ${dayOver} THEN ${now} ELSE day_started_at END`,
    })
    .where('target', '=', target)
    .where('last_sent_at', '<=', now - spacing)
    .where((eb) => eb.or([eb('day_started_at', '<=', now - DAY), eb('day_count', '<', perDay)]))
    .returning(['day_count'])
    .executeTakeFirst();
}

/**
 * Deletes the send windows that had stopped mattering by `asOf`, a batch at a time: their
 * 24-hour window over and their last send at least `spacing` ago. A send then finds such a row as
 * it finds none — one send of a new window, with no wait — so deleting it changes no answer. A
 * batch is chosen by the window's start and deleted by target with the conditions repeated, so
 * that a send renewing a row in between keeps it.
 */
export function deleteSpentSendWindows(db: Db, asOf: number, spacing: number): Promise<number> {
  const spent = (eb: ExpressionBuilder<Database, 'code_send_windows'>) =>
    eb.and([eb('day_started_at', '<=', asOf - DAY), eb('last_sent_at', '<=', asOf - spacing)]);
  return deleteInBatches(async (limit) => {
    const batch = await db.selectFrom('code_send_windows').select('target').where(spent).limit(limit).execute();
    if (batch.length === 0) return 0;
    const targets = batch.map((row) => row.target);
    const result = await db
      .deleteFrom('code_send_windows')
      .where('target', 'in', targets)
      .where(spent)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Forgets a target's sends: its next code goes at once, the first of a new day (an operator's release). */
export async function deleteSendWindow(db: Db, target: string): Promise<boolean> {
  const result = await db.deleteFrom('code_send_windows').where('target', '=', target).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findSendWindow(db: Db, target: string) {
  return db
    .selectFrom('code_send_windows')
    .select(['last_sent_at', 'day_started_at', 'day_count'])
    .where('target', '=', target)
    .executeTakeFirst();
}

export function insertCode(
  db: Db,
  values: { target: string; purpose: number; code_hash: string; created_at: number; expires_at: number },
) {
  return db
    .insertInto('verification_codes')
    .values({ ...values, attempts: 0, consumed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The newest code of a target and purpose: the only one that can ever be used. */
function newestCodeId(db: Db, target: string, purpose: number) {
  return db
    .selectFrom('verification_codes')
    .select('id')
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}

/**
 * Spends one try of the newest code, if it still has tries left and is unused and unexpired.
 * The counter moves in the same statement that checks it, so concurrent guesses can never
 * evaluate more than `maxAttempts` times. No row back → no usable code.
 */
export function spendAttempt(db: Db, target: string, purpose: number, now: number, maxAttempts: number) {
  return db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', newestCodeId(db, target, purpose))
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
}

/** Marks a code used; no row back → someone used it first (or it expired meanwhile). */
export function consumeCode(db: Db, id: number, now: number) {
  return db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
}

/**
 * A code of a target and purpose with this hash that was consumed, while it would still be
 * valid: the code of a success, presented again.
 */
export function findConsumedCode(db: Db, target: string, purpose: number, codeHash: string, now: number) {
  return db
    .selectFrom('verification_codes')
    .select('id')
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is not', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
