import { type BalanceKind, type GrantKind, type PersonalPlatform, personalPlatforms } from '@account-centre/contract';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GrantRow } from './grants.service.js';

// What other modules read of what a person holds (docs/architecture.md#table-owners): the
// owners of points, template credit, coupons, courses and orders show their holdings from
// these rather than querying the ledger's tables themselves.

function standing(db: Db, userId: number, kind: GrantKind) {
  return db.selectFrom('grants').where('user_id', '=', userId).where('kind', '=', kind).where('revoked_at', 'is', null);
}

/** Anyone's grants of a balance kind that were not taken back and have something left. */
function withRemainder(db: Db, kind: BalanceKind) {
  return db.selectFrom('grants').where('kind', '=', kind).where('revoked_at', 'is', null).where('remaining', '>', 0);
}

/**
 * A person's grants of a kind that were not taken back, newest first (ties by id, so pages
 * neither repeat nor skip a grant); all of them without a page.
 */
export function standingGrants(
  db: Db,
  userId: number,
  kind: GrantKind,
  page?: { offset: number; limit: number },
): Promise<GrantRow[]> {
  const newest = standing(db, userId, kind).selectAll().orderBy('granted_at', 'desc').orderBy('id', 'desc');
  return (page ? newest.limit(page.limit).offset(page.offset) : newest).execute();
}

/** How many grants of a kind a person holds that were not taken back. */
export async function countStandingGrants(db: Db, userId: number, kind: GrantKind): Promise<number> {
  const row = await standing(db, userId, kind)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The one live grant of a kind a person may hold only one of at a time (a coupon). */
export function onlyStandingGrant(db: Db, userId: number, kind: GrantKind): Promise<GrantRow | undefined> {
  return standing(db, userId, kind).selectAll().executeTakeFirst();
}

/** What is left of a person's balance grants that have not expired, soonest to expire first. */
export function unexpiredRemainders(
  db: Db,
  userId: number,
  kind: BalanceKind,
  now: number,
  limit: number,
): Promise<{ remaining: number | null; expires_at: number | null }[]> {
  return withRemainder(db, kind)
    .select(['remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Anyone's balance grants that expired by `now` with something left, soonest expired first. */
export function expiredRemainders(
  db: Db,
  kind: BalanceKind,
  now: number,
  limit: number,
): Promise<{ id: number; user_id: number }[]> {
  return withRemainder(db, kind)
    .select(['id', 'user_id'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Anyone's balance grants with something left that expire after `now` and by `by`, soonest
 * first, leaving out those `toldOf` says were already told of (given the grant's id as the
 * query sees it), in the same statement, so the limit counts only grants still to tell of.
 */
export function remaindersExpiringBy(
  db: Db,
  kind: BalanceKind,
  window: { now: number; by: number },
  limit: number,
  toldOf: (grantId: Expression<number>) => Expression<SqlBool>,
): Promise<{ id: number; user_id: number; remaining: number | null; expires_at: number | null }[]> {
  return withRemainder(db, kind)
    .select(['id', 'user_id', 'remaining', 'expires_at'])
    .where('expires_at', '>', window.now)
    .where('expires_at', '<=', window.by)
    .where((eb) => eb.not(toldOf(eb.ref('grants.id'))))
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** The ends the licence an order bought sets per personal platform (null: not covered). */
export type OrderLicenceEnds = { [P in PersonalPlatform as `licence_${P}`]: number | null };

export interface OrderLicence extends OrderLicenceEnds {
  /** The perpetual version the licence bought; null for a dated plan. */
  licence_version: string | null;
}

/** The licence each of these orders bought, by order number; an order that bought none is absent. */
export async function licencesOfOrders(db: Db, orderNos: readonly string[]): Promise<Map<string, OrderLicence>> {
  if (orderNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('grants')
    .innerJoin('licence_grants', 'licence_grants.grant_id', 'grants.id')
    .select(['grants.source_id', 'licence_grants.version as licence_version'])
    .select(personalPlatforms.map((p) => `licence_grants.${p}_exp as licence_${p}` as const))
    .where('grants.source_kind', '=', 'order')
    .where('grants.source_id', 'in', [...new Set(orderNos)])
    .where('grants.kind', '=', 'licence')
    .execute();
  return new Map(rows.map(({ source_id: orderNo, ...licence }) => [orderNo, licence]));
}
