import {
  AI_USAGE_CHART_DAYS,
  type AiPointAcquisition,
  type AiPointDailyUseReply,
  type AiPointBalance,
  type AiPointMethod,
  aiPointMethods,
  type AiPointProduct,
  type AiPointUsage,
  aiProductTypes,
  EXPIRED_POINTS_FEATURE,
  GrantErrors,
  isAiFeatureOf,
  PointErrors,
  productTypeOfAiProduct,
  type ClosingForfeitItem,
} from '@account-centre/contract';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { AppError, appError, operatorInputError } from '../../lib/errors.js';
import {
  balance,
  expiredRemainders,
  expireGrant,
  remaindersExpiringBy,
  spend,
  standingGrants,
  unexpiredRemainders,
} from '../grants/index.js';
import { notify, sentOnce } from '../messages/index.js';
import * as repo from './points.repository.js';

const DAY = 86_400;

/**
 * Makes sure the account has its usage row and raises its use counter, returning the new use's
 * number and the account's unlimited use. The update takes the row's lock (PostgreSQL) or runs
 * under the write lock (SQLite), so one account's uses and expiries run one after another: each
 * use's `after_point` is the balance its own draw left, and the numbers have no gaps.
 */
async function nextUse(trx: Db, userId: number, now: number): Promise<{ seq: number; unlimitedUntil: number | null }> {
  await repo.ensurePointAccount(trx, userId, now);
  const row = await repo.countNextUse(trx, userId, now);
  return { seq: row.usage_count, unlimitedUntil: row.unlimited_until };
}

async function settleUse(trx: Db, usageId: number, userId: number, now: number): Promise<number> {
  const after = await balance(trx, userId, 'ai_points', now);
  await repo.setUsageBalanceAfter(trx, usageId, after);
  return after;
}

export interface Consumption {
  userId: number;
  product: AiPointProduct;
  featureCode: number;
  points: number;
}

/**
 * A product spends a user's points on a feature (issue 13): the use is numbered, drawn from the
 * grants that expire soonest (then the oldest) with one ledger entry per grant under
 * `ai_usage:<id>`, and recorded with the balance it left — or, while unlimited use runs,
 * recorded without touching the balance. Short of points: `Exceeded usage limit.`, and nothing
 * is written.
 */
export async function consumePoints(
  db: Db,
  input: Consumption,
  now: number,
  markApplied: (trx: Db) => Promise<void>,
): Promise<{ usage_id: number; balance: number; unlimited: boolean }> {
  if (!isAiFeatureOf(input.product, input.featureCode)) throw appError(PointErrors.unknownFeature);
  try {
    return await db.transaction().execute(async (trx) => {
      const { seq, unlimitedUntil } = await nextUse(trx, input.userId, now);
      const unlimited = unlimitedUntil !== null && unlimitedUntil > now;
      const usageId = await repo.insertUsage(
        trx,
        input.userId,
        {
          seq,
          productType: productTypeOfAiProduct[input.product],
          featureCode: input.featureCode,
          points: input.points,
          unlimited,
        },
        now,
      );
      if (!unlimited) await spend(trx, input.userId, 'ai_points', input.points, `ai_usage:${usageId}`, now);
      const after = await settleUse(trx, usageId, input.userId, now);
      await markApplied(trx);
      return { usage_id: usageId, balance: after, unlimited };
    });
  } catch (error) {
    // The grants module's refusal, in this domain's words (the same msg).
    if (error instanceof AppError && error.is(GrantErrors.overLimit)) throw appError(PointErrors.overLimit);
    throw error;
  }
}

/**
 * Lets what is left of expired AI point grants go (issue 13): each expired remainder leaves by
 * an `expire` ledger entry and a usage row of code 2001, in one transaction per grant. The
 * grants module's conditional update lets exactly one of any number of sweeps (instances,
 * processes) expire a grant; the others roll back. `limit` grants per run, soonest first.
 */
export async function expirePoints(db: Db, now: number, limit = 500): Promise<{ grants: number; points: number }> {
  const due = await expiredRemainders(db, 'ai_points', now, limit);
  let grants = 0;
  let points = 0;
  for (const { id, user_id: userId } of due) {
    const expired = await db
      .transaction()
      .execute(async (trx) => {
        const { seq } = await nextUse(trx, userId, now);
        const left = await expireGrant(trx, id, now);
        // Another sweep expired it first: undo this one's number.
        if (left === 0) throw new NothingToExpire();
        const usageId = await repo.insertUsage(
          trx,
          userId,
          {
            seq,
            productType: aiProductTypes.none,
            featureCode: EXPIRED_POINTS_FEATURE,
            points: left,
            unlimited: false,
          },
          now,
        );
        await settleUse(trx, usageId, userId, now);
        return left;
      })
      .catch((error: unknown) => {
        if (error instanceof NothingToExpire) return 0;
        throw error;
      });
    if (expired > 0) {
      grants += 1;
      points += expired;
    }
  }
  return { grants, points };
}

class NothingToExpire extends Error {}

/** How long before points expire their holder is told (issue 15: within 7 days). */
export const POINTS_EXPIRY_NOTICE_DAYS = 7;
const expiryNoticeKey = (grantId: number) => `points-expiring:${grantId}`;

/**
 * Tells each holder of AI points that expire within 7 days, once per grant: a message in their
 * language with the points left and the day. The message's event key is unique, so several
 * instances sweeping at once still send one; a grant already told of is not looked at again.
 */
export async function remindExpiringPoints(db: Db, now: number, limit = 500): Promise<number> {
  const due = await remaindersExpiringBy(
    db,
    'ai_points',
    { now, by: now + POINTS_EXPIRY_NOTICE_DAYS * DAY },
    limit,
    // `expiryNoticeKey` as the database writes it.
    (grantId) => sentOnce(db, sql<string>`${'points-expiring:'} || cast(${grantId} as varchar(20))`),
  );
  for (const grant of due) {
    await db
      .transaction()
      .execute((trx) =>
        notify(
          trx,
          grant.user_id,
          'pointsExpiring',
          { points: grant.remaining ?? 0, date: { date: grant.expires_at as number } },
          now,
          { once: expiryNoticeKey(grant.id) },
        ),
      );
  }
  return due.length;
}

/** Unlimited use: `days` more from its end, or from now when it has ended or never ran. */
export async function giveUnlimited(trx: Db, userId: number, days: number, now: number): Promise<number> {
  if (!Number.isSafeInteger(days) || days < 1 || days > 36_500) throw operatorInputError('days are 1 to 36500');
  await repo.ensurePointAccount(trx, userId, now);
  // Updating first takes the row's lock, so two grants of days add up rather than overwrite.
  const current = await repo.lockUnlimitedUntil(trx, userId, now);
  const from = current !== null && current > now ? current : now;
  const until = from + days * DAY;
  await repo.setUnlimitedUntil(trx, userId, until, now);
  return until;
}

/**
 * Takes back `days` of unlimited use (a refunded purchase): its end moves that much earlier, to
 * now at the soonest. Days already used stay used.
 */
export async function takeBackUnlimited(trx: Db, userId: number, days: number, now: number): Promise<void> {
  await repo.shortenUnlimited(trx, userId, days, now);
}

/** Ends unlimited use now (an operator's correction, a refund). */
export async function endUnlimited(trx: Db, userId: number, now: number): Promise<void> {
  await repo.endUnlimitedNow(trx, userId, now);
}

/** Whole days of unlimited use left, counting a started day as one; 0 when none runs. */
export function unlimitedDaysLeft(until: number | null, now: number): number {
  return until === null || until <= now ? 0 : Math.ceil((until - now) / DAY);
}

async function unlimitedUntil(db: Db, userId: number, now: number): Promise<number | null> {
  const row = await repo.findPointAccount(db, userId);
  const until = row?.unlimited_until ?? null;
  return until !== null && until > now ? until : null;
}

/** The account's points now (spec 01 §7 getAIPointLeftV2). */
export async function pointsNow(db: Db, userId: number, now: number): Promise<Static<typeof AiPointBalance>> {
  const [points, until, expiring] = await Promise.all([
    balance(db, userId, 'ai_points', now),
    unlimitedUntil(db, userId, now),
    unexpiredRemainders(db, userId, 'ai_points', now, 20),
  ]);
  return {
    balance: points,
    unlimit_date: until,
    unlimited_days: unlimitedDaysLeft(until, now),
    expiring: expiring.map((row) => ({ points: row.remaining as number, exp_time: row.expires_at as number })),
  };
}

/**
 * A page of the account's uses, newest first. Uses are numbered 1…n per account, so page `p`
 * is the numbers n−(p−1)·size down to n−p·size+1: found through the (user, number) index
 * whatever the page, as fast for the ten-thousandth page as for the first.
 */
export async function usagePage(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ data: Static<typeof AiPointUsage>[]; count: number }> {
  const account = await repo.findPointAccount(db, userId);
  const count = account?.usage_count ?? 0;
  const top = count - (page - 1) * pageSize;
  if (top <= 0) return { data: [], count };
  const rows = await repo.usagesNumbered(db, userId, { above: top - pageSize, top });
  return {
    data: rows.map((row) => ({
      id: row.id,
      create_tm: row.created_at,
      product_type: row.product_type,
      desc_type: row.feature_code,
      points: row.points,
      after_point: row.after_point,
      unlimited: row.unlimited === 1,
    })),
    count,
  };
}

/**
 * Points used per day, product and feature over the last `AI_USAGE_CHART_DAYS` days, days as
 * the reader's clock (`utcOffsetMinutes` ahead of UTC) counts them, today last. Expired points
 * (2001) leave the balance but are no use, so they are left out. Found through the (user, time)
 * index, so an account's older history costs nothing.
 */
export async function dailyUse(
  db: Db,
  userId: number,
  now: number,
  utcOffsetMinutes: number,
): Promise<Static<typeof AiPointDailyUseReply>> {
  const offset = utcOffsetMinutes * 60;
  const today = Math.floor((now + offset) / DAY);
  const firstDay = (today - AI_USAGE_CHART_DAYS + 1) * DAY - offset;
  const end = (today + 1) * DAY - offset;
  const rows = await repo.usePerDay(db, userId, firstDay, end);
  return {
    first_day: firstDay,
    list: rows.map((row) => ({
      day: Number(row.day),
      product_type: row.product_type,
      desc_type: row.feature_code,
      points: Number(row.points),
    })),
  };
}

const methodOf = (method: string | null): AiPointMethod =>
  method !== null && method in aiPointMethods ? (method as AiPointMethod) : 'other';

/** Every acquisition of points, newest first, with what is left of each (getAIPointGetList). */
export async function acquisitions(db: Db, userId: number): Promise<Static<typeof AiPointAcquisition>[]> {
  const rows = await standingGrants(db, userId, 'ai_points', { offset: 0, limit: 500 });
  return rows.map((row) => {
    const method = methodOf(row.method);
    return {
      id: row.id,
      created_at: row.granted_at,
      source: aiPointMethods[method],
      method,
      total_points: row.amount as number,
      residue_points: row.remaining as number,
      exp_time: row.expires_at,
    };
  });
}

/** What closing the account gives up here (modules/manifest.ts `closingForfeits`): its points. */
export async function pointsForfeits(db: Db, userId: number, now: number): Promise<ClosingForfeitItem[]> {
  const points = await balance(db, userId, 'ai_points', now);
  return points > 0 ? [{ kind: 'ai_points', points }] : [];
}
