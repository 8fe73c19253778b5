import {
  type PersonalPlanProduct,
  type PlanHolding,
  type PlanPurchaseEffect,
  checkoutItemByKey,
  isRefusedPlanPurchase,
  planPurchaseEffect,
} from '@account-centre/contract';
import type { CheckoutCatalogue, CheckoutOffer } from './api/get-catalogue';

/** What buying a personal plan would do to what the buyer holds, as the server will decide it. */
export interface PlanNotice {
  effect: Exclude<PlanPurchaseEffect, null>;
  /** The subscription that renews now, which the notice names. */
  renewing: PlanHolding['renewing'];
  /** Not sold: Pay stays disabled, as the server would refuse it. */
  refused: boolean;
}

/**
 * The notice a personal plan's order panel shows before payment (docs/decisions/056), from the
 * holdings the catalogue carries and the contract's own rule: null for anything else, or when
 * the purchase changes nothing the buyer holds.
 */
export function planNotice(
  catalogue: CheckoutCatalogue,
  offer: CheckoutOffer,
  product: PersonalPlanProduct,
): PlanNotice | null {
  const item = checkoutItemByKey(offer.key);
  const holding = catalogue.holdings.find((held) => held.product === product);
  if (item?.kind !== 'personal' || !holding) return null;
  const effect = planPurchaseEffect(item.plan, holding);
  return effect === null ? null : { effect, renewing: holding.renewing, refused: isRefusedPlanPurchase(effect) };
}
