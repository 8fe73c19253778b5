import { EXPIRED_POINTS_FEATURE } from '@account-centre/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const DAY = 86_400;

/** The account's row of uses and unlimited use, made the first time it is needed. */
export async function ensurePointAccount(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .insertInto('ai_point_accounts')
    .values({ user_id: userId, unlimited_until: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Raises the account's use counter, taking its row's lock; the new count and its unlimited use. */
export function countNextUse(trx: Db, userId: number, now: number) {
  return trx
    .updateTable('ai_point_accounts')
    .set((eb) => ({ usage_count: eb('usage_count', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .returning(['usage_count', 'unlimited_until'])
    .executeTakeFirstOrThrow();
}

export interface UsageValues {
  seq: number;
  productType: number;
  featureCode: number;
  points: number;
  unlimited: boolean;
}

/** A use's row, its balance after the use still to be set; its id. */
export async function insertUsage(trx: Db, userId: number, use: UsageValues, now: number): Promise<number> {
  const row = await trx
    .insertInto('ai_point_usages')
    .values({
      user_id: userId,
      seq: use.seq,
      created_at: now,
      product_type: use.productType,
      feature_code: use.featureCode,
      points: use.points,
      // Set once the draw is made; 0 meanwhile, inside the same transaction.
      after_point: 0,
      unlimited: use.unlimited ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUsageBalanceAfter(trx: Db, usageId: number, after: number): Promise<void> {
  await trx.updateTable('ai_point_usages').set({ after_point: after }).where('id', '=', usageId).execute();
}

/** Takes the account row's lock and reads when its unlimited use ends (the row must exist). */
export async function lockUnlimitedUntil(trx: Db, userId: number, now: number): Promise<number | null> {
  const row = await trx
    .updateTable('ai_point_accounts')
    .set({ updated_at: now })
    .where('user_id', '=', userId)
    .returning('unlimited_until')
    .executeTakeFirstOrThrow();
  return row.unlimited_until;
}

export async function setUnlimitedUntil(trx: Db, userId: number, until: number, now: number): Promise<void> {
  await trx
    .updateTable('ai_point_accounts')
    .set({ unlimited_until: until, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Running unlimited use ends `days` earlier, at now at the soonest. */
export async function shortenUnlimited(trx: Db, userId: number, days: number, now: number): Promise<void> {
  await trx
    .updateTable('ai_point_accounts')
    .set((eb) => ({
      // CASE rather than max()/greatest(): one spelling for both databases.
      unlimited_until: sql<number>`case when ${eb.ref('unlimited_until')} - ${days * DAY} > ${now} then ${eb.ref('unlimited_until')} - ${days * DAY} else ${now} end`,
      updated_at: now,
    }))
    .where('user_id', '=', userId)
    .where('unlimited_until', '>', now)
    .execute();
}

/** Running unlimited use ends now. */
export async function endUnlimitedNow(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .updateTable('ai_point_accounts')
    .set({ unlimited_until: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('unlimited_until', '>', now)
    .execute();
}

/** The account's row of uses and unlimited use; none before its first use or grant of days. */
export function findPointAccount(db: Db, userId: number) {
  return db
    .selectFrom('ai_point_accounts')
    .select(['usage_count', 'unlimited_until'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The uses numbered above `below` up to `top`, newest first, through the (user, number) index. */
export function usagesNumbered(db: Db, userId: number, numbers: { above: number; top: number }) {
  return db
    .selectFrom('ai_point_usages')
    .select(['id', 'created_at', 'product_type', 'feature_code', 'points', 'after_point', 'unlimited'])
    .where('user_id', '=', userId)
    .where('seq', '<=', numbers.top)
    .where('seq', '>', numbers.above)
    .orderBy('seq', 'desc')
    .execute();
}

/**
 * Points used per whole day from `firstDay` (the day's number counted from it), product and
 * feature, before `end`; expired points (2001) left out.
 */
export function usePerDay(db: Db, userId: number, firstDay: number, end: number) {
  // Both databases divide integers to an integer; the difference is never negative here. The
  // numbers are written into the text (integers of our own) so that the grouping is the very
  // expression selected: PostgreSQL would not match two differently numbered parameters.
  const day = sql<number>`(created_at - ${sql.lit(firstDay)}) / ${sql.lit(DAY)}`;
  return db
    .selectFrom('ai_point_usages')
    .select(['product_type', 'feature_code', day.as('day'), (eb) => eb.fn.sum<number | string>('points').as('points')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', firstDay)
    .where('created_at', '<', end)
    .where('feature_code', '<>', EXPIRED_POINTS_FEATURE)
    .groupBy([day, 'product_type', 'feature_code'])
    .orderBy('day')
    .execute();
}
