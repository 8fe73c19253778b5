import {
  ALL_PLATFORMS,
  type ContinuousPlanKey,
  continuousPlanProductIds,
  FOREVER_THRESHOLD,
  type PersonalPlanProduct,
  type PlanHolding,
  personalPlanProducts,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { licenceRecordEnds, liveRenewingLicences } from './grants.repository.js';

/** The continuous plan each store product id stands for, per product (the ids continuous plans are sold under). */
function continuousPlanOf(product: PersonalPlanProduct, productId: number | null): ContinuousPlanKey | null {
  const ids = continuousPlanProductIds[product];
  for (const [key, id] of Object.entries(ids)) if (id === productId) return key as ContinuousPlanKey;
  return null;
}

/**
 * What the person holds of a personal plan's product (docs/decisions/056): whether every platform
 * a plan licenses is licensed for ever, and which continuous plan bought here renews itself. A
 * subscription renewed by an app store is the store's to manage (the order screen offers no
 * renewal of it), so it is not one of these. Read in the caller's transaction when it decides a
 * purchase: settling holds the buyer's row lock, so two payments read each other's effect.
 */
export async function planHolding(db: Db, userId: number, product: PersonalPlanProduct): Promise<PlanHolding> {
  const [record, renewing] = await Promise.all([
    licenceRecordEnds(db, userId, product, ALL_PLATFORMS),
    liveRenewingLicences(db, userId, product),
  ]);
  const forever =
    record !== undefined && ALL_PLATFORMS.every((platform) => (record[`${platform}_exp`] ?? 0) >= FOREVER_THRESHOLD);
  const plans = renewing.map((row) => continuousPlanOf(product, row.product_id)).filter((key) => key !== null);
  return { product, forever, renewing: plans[0] ?? null };
}

/** The holding of each personal plan product, for the purchase screen. */
export function planHoldings(db: Db, userId: number): Promise<PlanHolding[]> {
  return Promise.all(personalPlanProducts.map((product) => planHolding(db, userId, product)));
}
