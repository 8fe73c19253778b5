import { type PersonalPlan, personalPlanByType, NINETY_NINE_PLAN_TYPE } from '../catalogue/personal-plans.js';
import type { Region } from '../rules/region.js';
import { type LicenceFamily, type LicenceLength, licenceLength, PERMANENT_LICENCE_TYPES } from './durations.js';
import type { OrderProductCode, PersonalPlatform, SubscriptionProduct } from '../catalogue/products.js';
import { personalPlatforms } from '../catalogue/products.js';
import type { SubscriptionType } from '../catalogue/subscription-rules.js';
import { FOREVER_EXPIRY, type OrderEndInput, orderEndDate } from './plans.js';

/**
 * The licence record each order product code holds its licence in (spec 01 §3 "Subscription
 * record"); codes absent here (org chart, infographics, storage, points, courses…) buy no
 * licence of the order screen.
 */
export const licenceProductOfOrder: Partial<Record<OrderProductCode, SubscriptionProduct>> = {
  max: 'max',
  mindmaster: 'mind',
  project: 'proj',
  edrawMath: 'math',
  hb: 'hb',
  ppt: 'ppt',
};

/** Every platform of an all-platform plan: desktop, web and mobile (spec 01 §3, §9 plan kinds). */
export const ALL_PLATFORMS: readonly PersonalPlatform[] = personalPlatforms.filter((p) => p !== 'ppt');
const DESKTOP: readonly PersonalPlatform[] = ['win', 'mac', 'linux'];

/**
 * The platforms an order covers when it does not name them: the personal plan catalogue's plans
 * are all-platform; the slides product has its own platform; the whiteboard is used on the web;
 * everything else is a desktop licence (Windows, Mac, Linux), as the perpetual and timed
 * licences of spec 01 §3 are.
 */
export function defaultOrderPlatforms(product: SubscriptionProduct, type: number): readonly PersonalPlatform[] {
  if ((product === 'max' || product === 'mind') && personalPlanByType(type)) return ALL_PLATFORMS;
  if (product === 'ppt') return ['ppt'];
  if (product === 'hb') return ['online'];
  return DESKTOP;
}

export interface OrderLicenceInput extends OrderEndInput {
  /** Platforms the order names; default {@link defaultOrderPlatforms}. */
  platforms?: readonly PersonalPlatform[] | null;
  /** The version of a perpetual licence: the order buys that version for ever. */
  version?: string | null;
  /** A store subscription that renews itself; default: the catalogue plan's own (continuous or not). */
  renews?: boolean | null;
}

/** The licence an order gives: what the grants module records for it. */
export interface OrderLicence {
  product: SubscriptionProduct;
  platforms: readonly PersonalPlatform[];
  kind: SubscriptionType;
  /** End of use, unix seconds; {@link FOREVER_EXPIRY} for a licence that never ends. */
  endsAt: number;
  /** Latest new version at no cost, for a perpetual version whose order ends a period. */
  upgradeUntil: number | null;
  /** A continuous plan renews itself each period until cancelled (the catalogue's plans). */
  renews: boolean;
  /** Bought through the 99 offer: not renewable (spec 01 §6). */
  is99: boolean;
}

/**
 * What licence an order gives, from the same rules that give its end date in the history
 * (`orderEndDate`), so the history and the licence card can never disagree:
 * - products without a licence record give none;
 * - an end the rules cannot tell (`unknown`) gives none: nothing is guessed;
 * - a perpetual version is used for ever (its order is recorded as ending `using`); its type's
 *   length from the purchase, if any, is its free upgrade period;
 * - otherwise the licence lasts until the order's end (`using` = for ever).
 */
export function orderLicence(order: OrderLicenceInput): OrderLicence | null {
  const product = licenceProductOfOrder[order.product];
  if (!product) return null;
  const end = orderEndDate(order);
  const platforms = order.platforms?.length ? order.platforms : defaultOrderPlatforms(product, order.type);
  const plan = product === 'max' || product === 'mind' ? personalPlanByType(order.type) : undefined;
  const common = {
    product,
    platforms,
    renews: order.renews ?? plan?.continuous ?? false,
    is99: plan !== undefined && order.type === NINETY_NINE_PLAN_TYPE,
  };
  if (order.version) {
    // The type's length, from the purchase, is the version's free upgrade period.
    const term = orderEndDate({ ...order, exp: null });
    return { ...common, kind: 'version', endsAt: FOREVER_EXPIRY, upgradeUntil: typeof term === 'number' ? term : null };
  }
  if (end === 'unknown') return null;
  return { ...common, kind: 'subs', endsAt: end === 'using' ? FOREVER_EXPIRY : end, upgradeUntil: null };
}

/** The kinds of plan a name can say (spec 01 §3 plan kinds, §9 catalogue and lengths). */
export type PlanKind = PersonalPlan['key'] | LicenceLength | 'lifetime' | 'perpetual' | 'team';

/**
 * What kind of plan an order or licence is, from its facts alone, so its name can be said in the
 * reader's language instead of the text it was stored with: a perpetual version; the personal
 * plan catalogue's plans (diagram and mind map); the permanent types; a length of the durations
 * table. Null where the facts do not tell (the product's name is then shown alone).
 */
export function planKindOf(facts: {
  family: LicenceFamily | null;
  type: number | null;
  region: Region;
  version?: string | null;
}): PlanKind | null {
  if (facts.version) return 'perpetual';
  if (facts.type === null) return null;
  if (facts.family === 'max' || facts.family === 'mindmaster') {
    const plan = personalPlanByType(facts.type);
    if (plan) return plan.key;
  }
  if (PERMANENT_LICENCE_TYPES.includes(facts.type)) return facts.family ? 'lifetime' : null;
  return facts.family ? licenceLength(facts.family, facts.type, facts.region) : null;
}
