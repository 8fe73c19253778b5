import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CodeBatchesTable, RedeemCodesTable } from './codes.tables.js';

export type BatchRow = Selectable<CodeBatchesTable>;
export type CodeRow = Selectable<RedeemCodesTable>;

/** A code with its batch, as a redemption reads it. */
export interface FoundCode {
  id: number;
  hint: string;
  uses: number;
  code_disabled_at: number | null;
  batch: BatchRow;
}

export async function insertBatch(trx: Db, values: Insertable<CodeBatchesTable>): Promise<BatchRow> {
  return trx.insertInto('code_batches').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertCodes(trx: Db, values: Insertable<RedeemCodesTable>[]): Promise<void> {
  // A few hundred rows a statement keeps within both databases' parameter limits.
  for (let start = 0; start < values.length; start += 200) {
    await trx
      .insertInto('redeem_codes')
      .values(values.slice(start, start + 200))
      .execute();
  }
}

export async function findCode(db: Db, digest: string): Promise<FoundCode | undefined> {
  const row = await db
    .selectFrom('redeem_codes')
    .innerJoin('code_batches', 'code_batches.id', 'redeem_codes.batch_id')
    .select([
      'redeem_codes.id as id',
      'redeem_codes.hint as hint',
      'redeem_codes.uses as uses',
      'redeem_codes.disabled_at as code_disabled_at',
      'code_batches.id as batch_id',
    ])
    .where('redeem_codes.digest', '=', digest)
    .executeTakeFirst();
  if (!row) return undefined;
  const batch = await db
    .selectFrom('code_batches')
    .selectAll()
    .where('id', '=', row.batch_id)
    .executeTakeFirstOrThrow();
  return { id: row.id, hint: row.hint, uses: row.uses, code_disabled_at: row.code_disabled_at, batch };
}

/** The account's use of the code, unless it has one: false when it had (a race, or a retry). */
export async function claimRedemption(trx: Db, codeId: number, userId: number, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('code_redemptions')
    .values({ code_id: codeId, user_id: userId, redeemed_at: now })
    .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * One more use of the code, unless its batch's limit is reached: the condition is evaluated on
 * the row as the update finds it, after any concurrent use has committed (PostgreSQL's row lock,
 * SQLite's single writer), so uses never pass the limit. False when it was reached.
 */
export async function countUse(trx: Db, codeId: number, limit: number): Promise<boolean> {
  const updated = await trx
    .updateTable('redeem_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where('uses', '<', limit)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

export interface AttemptKey {
  userId: number;
  ip: string;
}

/** Records a try as pending: counted as a failure until it is settled. Its id. */
export async function insertPendingAttempt(db: Db, key: AttemptKey, now: number): Promise<number> {
  const row = await db
    .insertInto('code_attempts')
    .values({ user_id: key.userId, ip: key.ip, code_id: null, outcome: 'pending', attempted_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function settleAttempt(db: Db, attemptId: number, outcome: string, codeId: number | null) {
  return db.updateTable('code_attempts').set({ outcome, code_id: codeId }).where('id', '=', attemptId).execute();
}

/** Outcomes that are no failure: a redemption, and a try refused by the limit before any check. */
const NOT_FAILURES = ['redeemed', 'limited'];

/**
 * When the failed tries of an account or an address since `since` happened, newest first (at
 * most `limit`): those recorded up to try `upTo` (included), so of tries made at once the earlier
 * ones pass and only those past the limit are refused.
 */
export async function failureTimes(
  db: Db,
  who: { userId: number } | { ip: string },
  since: number,
  limit: number,
  upTo: number,
): Promise<number[]> {
  let query = db
    .selectFrom('code_attempts')
    .select('attempted_at')
    .where('attempted_at', '>', since)
    .where('id', '<=', upTo)
    .where('outcome', 'not in', NOT_FAILURES);
  query = 'userId' in who ? query.where('user_id', '=', who.userId) : query.where('ip', '=', who.ip);
  const rows = await query.orderBy('attempted_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.attempted_at);
}

/** The last four characters of the code of that id, kept to show its holder again. */
export async function findCodeHint(db: Db, codeId: number): Promise<string | undefined> {
  const row = await db.selectFrom('redeem_codes').select('hint').where('id', '=', codeId).executeTakeFirst();
  return row?.hint;
}

/** A code's redemptions and its attempts, oldest first (the operator's look at one code). */
export function codeHistory(db: Db, codeId: number) {
  return Promise.all([
    db
      .selectFrom('code_redemptions')
      .select(['user_id', 'redeemed_at'])
      .where('code_id', '=', codeId)
      .orderBy('redeemed_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('code_attempts')
      .select(['user_id', 'ip', 'outcome', 'attempted_at'])
      .where('code_id', '=', codeId)
      .orderBy('attempted_at')
      .orderBy('id')
      .execute(),
  ]);
}

/** Disables a batch, or one code by its digest, unless it is disabled already; the id, or undefined. */
export async function disableOnce(
  db: Db,
  target: { batchId: number } | { digest: string },
  now: number,
): Promise<number | undefined> {
  const row =
    'batchId' in target
      ? await db
          .updateTable('code_batches')
          .set({ disabled_at: now })
          .where('id', '=', target.batchId)
          .where('disabled_at', 'is', null)
          .returning('id')
          .executeTakeFirst()
      : await db
          .updateTable('redeem_codes')
          .set({ disabled_at: now })
          .where('digest', '=', target.digest)
          .where('disabled_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
  return row?.id;
}
