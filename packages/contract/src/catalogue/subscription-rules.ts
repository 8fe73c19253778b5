import type { Language } from '../rules/language.js';
import type { Region } from '../rules/region.js';
import type { OrderChannel, OrderProductCode, SubscriptionProduct } from './products.js';

/** Kinds of subscription record (spec 01 §3): a perpetual version, a subscription, or other. */
export const subscriptionTypes = ['version', 'subs', 'other'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

/** Product ids whose subscriptions the user may cancel here (spec 01 §6). */
export const CANCELLABLE_PRODUCT_IDS: readonly number[] = [5371, 5380, 5370, 5378];

/** Product ids that alter buy links (spec 01 §6, spec 02 §9). */
export const REGIONAL_BUY_LINK_PRODUCT_IDS: readonly number[] = [5517, 5518, 5667, 5668, 5371, 5380, 5370, 5378];

/** Product ids that hide some recommendations overseas (spec 01 §6). */
export const RECOMMENDATION_LIMITING_PRODUCT_IDS: readonly number[] = [5517, 5518, 5667, 5668];

/** The facts of a subscription record the order screen's actions depend on. */
export interface RenewalFacts {
  type: SubscriptionType;
  /** The record renews itself each period until cancelled. */
  have_renew: boolean;
  /** Bought through the 99 offer: never renewable (spec 01 §6). */
  is_99: boolean;
  /** The product id the subscription was bought for. */
  product_id: number | null;
  /** Where it was bought; an app-store subscription is managed in the store. */
  channel: OrderChannel | null;
}

/** The provider's account page where app-store subscriptions are managed (spec 01 §2). */
export const APP_STORE_SUBSCRIPTIONS_URL = 'https://apps.apple.com/account/subscriptions';

/**
 * Overseas, an app-store subscription that renews itself is managed on the store's account
 * page: the "manage subscription" link replaces cancel (spec 01 §2 "Order screen").
 */
export function showManageSubscription(region: Region, record: RenewalFacts): boolean {
  return region === 'overseas' && record.type === 'subs' && record.have_renew && record.channel === 'app_store';
}

/**
 * Cancel subscription is shown for overseas subscription types when the record allows
 * renewal and the product id is one of 5371, 5380, 5370, 5378 (spec 01 §6) — unless the
 * store's manage link stands in its place.
 */
export function showCancelSubscription(region: Region, record: RenewalFacts): boolean {
  return (
    region === 'overseas' &&
    record.type === 'subs' &&
    record.have_renew &&
    record.product_id !== null &&
    CANCELLABLE_PRODUCT_IDS.includes(record.product_id) &&
    !showManageSubscription(region, record)
  );
}

/**
 * Whether the renew action is offered (spec 01 §6: renewal depends on is_99 and the
 * cancellable id set). A perpetual version is upgraded, not renewed; a 99-offer record is
 * never renewable; a subscription of the cancellable ids that still renews itself is renewed
 * by its own billing, so a manual renewal would charge twice; and an app-store subscription is
 * renewed and managed at the store only, whatever its product (buying here while the store
 * keeps renewing would charge twice too).
 */
export function canRenew(record: RenewalFacts): boolean {
  if (record.type === 'version' || record.is_99) return false;
  if (record.type === 'subs' && record.channel === 'app_store') return false;
  const selfRenewing =
    record.have_renew && record.product_id !== null && CANCELLABLE_PRODUCT_IDS.includes(record.product_id);
  return !selfRenewing;
}

/** Whether a subscription renews itself, as its licence card says (spec 01 §6). */
export type RenewalState = 'auto' | 'cancelled';

/**
 * A subscription that renews itself says so; one of the cancellable ids that no longer does
 * was cancelled (those ids are sold renewing — here, in the store or by support). Anything
 * else — a perpetual version, a fixed-term plan — has no renewal to speak of.
 */
export function renewalState(record: RenewalFacts): RenewalState | null {
  if (record.type !== 'subs') return null;
  if (record.have_renew) return 'auto';
  return record.product_id !== null && CANCELLABLE_PRODUCT_IDS.includes(record.product_id) ? 'cancelled' : null;
}

/** Products the order screen may recommend. */
export const recommendableProducts = ['max', 'mindmaster', 'project', 'orgchart', 'edrawMath', 'info', 'hb'] as const;
export type RecommendableProduct = (typeof recommendableProducts)[number];

export interface RecommendationContext {
  region: Region;
  language: Language;
  /** The `pid` the page was opened with (spec 01 §2 query parameters), if any. */
  productId: number | null;
  /** Products the user has bought (an order or a subscription record of any state). */
  bought: Iterable<RecommendableProduct>;
}

/**
 * Recommended products the user has not bought (spec 01 §2), with the hiding rules of §6:
 * project-type and math hidden overseas; org, math and project hidden for Japanese; and the
 * ids 5517, 5518, 5667, 5668 overseas hide the diagram and mind-map recommendations — those
 * ids alter exactly these products' buy links, so the standard links would be wrong there.
 */
export function recommendedProducts(context: RecommendationContext): RecommendableProduct[] {
  const hidden = new Set<RecommendableProduct>(context.bought);
  if (context.region === 'overseas') {
    hidden.add('project');
    hidden.add('edrawMath');
    if (context.productId !== null && RECOMMENDATION_LIMITING_PRODUCT_IDS.includes(context.productId)) {
      hidden.add('max');
      hidden.add('mindmaster');
    }
  }
  if (context.language === 'jp') {
    hidden.add('orgchart');
    hidden.add('edrawMath');
    hidden.add('project');
  }
  return recommendableProducts.filter((product) => !hidden.has(product));
}

const recommendationByOrderProduct: Partial<Record<OrderProductCode, RecommendableProduct>> = {
  max: 'max',
  mindmaster: 'mindmaster',
  project: 'project',
  orgchart: 'orgchart',
  edrawMath: 'edrawMath',
  info: 'info',
  infographic: 'info',
  hb: 'hb',
};

const recommendationBySubscription: Partial<Record<SubscriptionProduct, RecommendableProduct>> = {
  max: 'max',
  mind: 'mindmaster',
  proj: 'project',
  math: 'edrawMath',
  hb: 'hb',
};

/** The recommendable products a user's orders and subscription records show as bought. */
export function boughtProducts(
  orderProducts: Iterable<OrderProductCode>,
  subscriptions: Iterable<SubscriptionProduct>,
): Set<RecommendableProduct> {
  const bought = new Set<RecommendableProduct>();
  for (const code of orderProducts) {
    const product = recommendationByOrderProduct[code];
    if (product) bought.add(product);
  }
  for (const code of subscriptions) {
    const product = recommendationBySubscription[code];
    if (product) bought.add(product);
  }
  return bought;
}
