import type { PersonalPlan } from './personal-plans.js';
import type { PersonalPlanProduct } from './checkout.js';

/**
 * What buying a personal plan does to what the person already holds of its product
 * (docs/decisions/056). The server decides with it when a checkout opens and again when its
 * payment is settled; the purchase screen says the same before anyone pays.
 */

/** The plans that renew themselves: a subscription is one of them. */
export type ContinuousPlanKey = Extract<PersonalPlan['key'], 'continuousYearly' | 'halfYearContinuous'>;
export const continuousPlanKeys = ['continuousYearly', 'halfYearContinuous'] as const satisfies ContinuousPlanKey[];

/** What a person holds of a product, as far as buying one of its personal plans goes. */
export interface PlanHolding {
  product: PersonalPlanProduct;
  /** Every platform a personal plan licenses is licensed for ever already. */
  forever: boolean;
  /** The continuous plan bought here whose subscription renews itself now, if any. */
  renewing: ContinuousPlanKey | null;
}

/**
 * - `owned`: refused — the licence it gives is held for ever already, so it would give nothing;
 * - `renews`: refused — the same plan renews itself already: its next renewal gives this;
 * - `endsRenewal`: a lifetime plan over a subscription: the subscription stops renewing (a
 *   licence held for ever has nothing left to renew);
 * - `replacesRenewal`: another continuous plan: the old subscription stops renewing and the new
 *   one renews instead;
 * - `keepsRenewal`: a plan of fixed length over a subscription: its time is added after the
 *   current end and the subscription goes on renewing after that, as it did;
 * - null: nothing held that the purchase changes.
 */
export type PlanPurchaseEffect = 'owned' | 'renews' | 'endsRenewal' | 'replacesRenewal' | 'keepsRenewal' | null;

export function planPurchaseEffect(plan: PersonalPlan, holding: Omit<PlanHolding, 'product'>): PlanPurchaseEffect {
  if (holding.forever) return 'owned';
  if (holding.renewing === null) return null;
  if (plan.length === 'forever') return 'endsRenewal';
  if (plan.continuous) return plan.key === holding.renewing ? 'renews' : 'replacesRenewal';
  return 'keepsRenewal';
}

/** A purchase that would give nothing, or what the running subscription gives anyway, is not sold. */
export const isRefusedPlanPurchase = (effect: PlanPurchaseEffect): effect is 'owned' | 'renews' =>
  effect === 'owned' || effect === 'renews';

/** The running subscription stops renewing when the purchase is fulfilled. */
export const endsRenewal = (effect: PlanPurchaseEffect): boolean =>
  effect === 'endsRenewal' || effect === 'replacesRenewal';
