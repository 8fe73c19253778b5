import { type SubscriptionProduct, personalPlanByType } from '@account-centre/contract';
import type { BuyChoice } from '../../lib/buy-link';
import type { SiteProduct } from '../../lib/product-links';

/** The products whose personal plans the purchase screen sells: the diagram and the mind map. */
const soldHere: Partial<Record<SubscriptionProduct | SiteProduct, 'max' | 'mind'>> = {
  max: 'max',
  mind: 'mind',
  mindmaster: 'mind',
};

/**
 * Renewing a licence card on the purchase screen: its product's personal plans, on the card's own
 * plan when it is one that ends by itself (buying a renewing plan again would renew it twice).
 * Null for a product bought elsewhere (the company site's pricing).
 */
export function renewChoice(card: { product: SubscriptionProduct; orderType: number | null }): BuyChoice | null {
  const product = soldHere[card.product];
  if (!product) return null;
  const plan = card.orderType === null ? undefined : personalPlanByType(card.orderType);
  return {
    kind: 'personal',
    product,
    ...(plan && !plan.continuous ? { item: `personal.${plan.key}` } : {}),
  };
}

/** Buying a recommended product on the purchase screen, or null where the company site sells it. */
export function recommendationChoice(product: SiteProduct): BuyChoice | null {
  const sold = soldHere[product];
  return sold ? { kind: 'personal', product: sold } : null;
}
