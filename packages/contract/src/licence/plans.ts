import { personalPlanByType } from '../catalogue/personal-plans.js';
import { licenceFamilyOf, type OrderProductCode } from '../catalogue/products.js';
import type { SubscriptionType } from '../catalogue/subscription-rules.js';
import type { Region } from '../rules/region.js';
import { type LicenceFamily, LicenceLengthMs, licenceEnd } from './durations.js';
import { FOREVER_THRESHOLD } from './expiry.js';

/**
 * The expiry stored for a licence that never ends: a century out, well past the ~2119
 * threshold every reader treats as forever (spec 01 §4).
 */
export const FOREVER_EXPIRY = Date.UTC(2120, 0, 1) / 1000;

/** A plan date: unix seconds, `forever`, or null when it is not known (and not shown). */
export type PlanDate = number | 'forever' | null;

/** An expiry (unix seconds) as a plan date. */
export function planDateOf(expiresAt: number | null | undefined): PlanDate {
  if (!expiresAt) return null;
  return expiresAt >= FOREVER_THRESHOLD ? 'forever' : expiresAt;
}

/**
 * The one named upgrade service: 5 years, for the project product (spec 01 §3 "Plan dates").
 * Other products' period lengths are not shown.
 */
export const PROJECT_UPGRADE_SERVICE_YEARS = 5;

export interface PlanDatesInput {
  /** The licence family of the record, null where the spec lists none. */
  family: LicenceFamily | null;
  type: SubscriptionType;
  /** End of use (unix seconds; a date past the threshold is forever; null unknown). */
  usageEnd: number | null;
  /** When the licence was bought (unix seconds), if known. */
  startedAt: number | null;
  /** A recorded end of the free upgrade period (the record's upgrade_time), if any. */
  upgradeTime: number | null;
}

export interface PlanDates {
  /** Usage period: until when the product may be used. */
  usage: PlanDate;
  /** Free upgrade period: new versions at no cost until then. */
  freeUpgrade: PlanDate;
  /** Maintenance period: computer transfer, deactivation and reactivation support. */
  maintenance: PlanDate;
  /** Years of the named upgrade service, shown only for the project product's perpetual licence. */
  upgradeServiceYears: number | null;
}

/**
 * The three plan dates of a licence (spec 01 §3). See docs/decisions/003 for the reasoning:
 * - a subscription (or other timed record) includes upgrades and maintenance while it runs,
 *   so all three end with its usage — forever for a lifetime subscription;
 * - a perpetual version is used forever; its free upgrade period is the recorded upgrade
 *   time, else, for the project product only, the named 5-year service from the purchase;
 *   other lengths are not shown, so without a record it is unknown; maintenance (transfer and
 *   reactivation support) runs with the upgrade service.
 */
export function planDates(input: PlanDatesInput): PlanDates {
  if (input.type !== 'version') {
    const usage = planDateOf(input.usageEnd);
    const upgrade = input.upgradeTime ? planDateOf(input.upgradeTime) : usage;
    return { usage, freeUpgrade: upgrade, maintenance: upgrade, upgradeServiceYears: null };
  }
  const isProject = input.family === 'project';
  let freeUpgrade: PlanDate = null;
  if (input.upgradeTime) freeUpgrade = planDateOf(input.upgradeTime);
  else if (isProject && input.startedAt !== null) {
    freeUpgrade = input.startedAt + Math.round(LicenceLengthMs.fiveYears / 1000);
  }
  return {
    usage: 'forever',
    freeUpgrade,
    maintenance: freeUpgrade,
    upgradeServiceYears: isProject ? PROJECT_UPGRADE_SERVICE_YEARS : null,
  };
}

/** The end column of an order history row (spec 01 §3): using, unknown, or a date. */
export type OrderEndDate = 'using' | 'unknown' | number;

export interface OrderEndInput {
  product: OrderProductCode;
  type: number;
  /** Order date, unix seconds. */
  date: number;
  /** An end recorded with the order (unix seconds), if any. */
  exp: number | null;
  region: Region;
}

/**
 * When an order's entitlement ends:
 * - a recorded end wins (store orders and operators record it); past the threshold it is
 *   forever, shown as `using`;
 * - the personal plan catalogue's types of the diagram and mind-map products last their
 *   plan's length, the lifetime plan forever;
 * - otherwise the licence lengths of §9 from the purchase date: permanent types (14, 19) are
 *   `using`, a type with a length ends at purchase + length;
 * - a type or product the spec gives no length for is `unknown`, never guessed.
 */
export function orderEndDate(order: OrderEndInput): OrderEndDate {
  if (order.exp) return order.exp >= FOREVER_THRESHOLD ? 'using' : order.exp;
  const family = licenceFamilyOf(order.product);
  if (family === null) return 'unknown';
  const plan = family === 'max' || family === 'mindmaster' ? personalPlanByType(order.type) : undefined;
  if (plan) return plan.length === 'forever' ? 'using' : order.date + Math.round(LicenceLengthMs[plan.length] / 1000);
  const end = licenceEnd(family, order.type, order.date, order.region);
  if (end.kind === 'permanent') return 'using';
  if (end.kind === 'unknown') return 'unknown';
  return end.endsAt;
}

/** Order status (spec 01 §3): active, expired, or unknown (overseas shows a tooltip for it). */
export type OrderStatus = 'active' | 'expired' | 'unknown';

export function orderStatus(end: OrderEndDate, now: number): OrderStatus {
  if (end === 'unknown') return 'unknown';
  if (end === 'using') return 'active';
  return end > now ? 'active' : 'expired';
}
