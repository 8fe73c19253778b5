import type { LicenceLength } from '../licence/durations.js';
import type { Region } from '../rules/region.js';
import { type PersonalPlan, personalPlans } from './personal-plans.js';
import type { Currency, OrderProductCode } from './products.js';

/**
 * What the checkout sells (spec 02 §9 "Purchase plan catalogue", spec 01 §2 AI points and template
 * credit, §9 personal plans): each item with its price in both currencies' minor units, fen for the
 * domestic build and cents for the overseas one. The prices here are the defaults; the server's
 * `CHECKOUT_PRICES` replaces any of them, and the screen shows the server's (docs/decisions/037).
 */

/** The tabs of the purchase screen (spec 02 §9 "plan kind"), and the top-ups sold beside them. */
export const checkoutItemKinds = ['personal', 'business', 'ai_points', 'ai_unlimited', 'template_credit'] as const;
export type CheckoutItemKind = (typeof checkoutItemKinds)[number];

/** The products a personal plan is bought for: the diagram product and the mind-map product. */
export const personalPlanProducts = ['max', 'mind'] as const;
export type PersonalPlanProduct = (typeof personalPlanProducts)[number];

/** The order product code a personal plan of each product is recorded under. */
export const personalPlanOrderProduct: Record<PersonalPlanProduct, OrderProductCode> = {
  max: 'max',
  mind: 'mindmaster',
};

/**
 * The store product id a continuous plan is sold under: the ids whose subscriptions may be
 * cancelled here (spec 01 §6: 5371, 5380, 5370, 5378), one per product and continuous plan, so a
 * continuous plan bought at this checkout shows cancel where the spec shows it (docs/decisions/037).
 */
export const continuousPlanProductIds: Record<PersonalPlanProduct, Partial<Record<PersonalPlan['key'], number>>> = {
  max: { continuousYearly: 5371, halfYearContinuous: 5370 },
  mind: { continuousYearly: 5380, halfYearContinuous: 5378 },
};

/** Minor units in each currency; null where the item is not sold in it. */
export type CheckoutPrices = Readonly<Record<Currency, number | null>>;

interface ItemBase {
  key: string;
  prices: CheckoutPrices;
}

export interface PersonalItem extends ItemBase {
  kind: 'personal';
  plan: PersonalPlan;
}

export interface BusinessItem extends ItemBase {
  kind: 'business';
  /** Spec 02 §3 "Enterprise" type: 8 lifelong, 9 time-limited (with its subtype 1–3 years). */
  type: 8 | 9;
  subtype: 1 | 2 | 3 | null;
  /** How long a seat lasts; null for lifelong. */
  length: LicenceLength | null;
}

export interface AiPointsItem extends ItemBase {
  kind: 'ai_points';
  points: number;
}

export interface AiUnlimitedItem extends ItemBase {
  kind: 'ai_unlimited';
  days: number;
}

export interface TemplateCreditItem extends ItemBase {
  kind: 'template_credit';
  /** Credit given, in fen (template credit is kept in fen, spec 01 §2 "Template credit screen"). */
  creditFen: number;
}

export type CheckoutItem = PersonalItem | BusinessItem | AiPointsItem | AiUnlimitedItem | TemplateCreditItem;

/** Overseas prices of the personal plans, in cents (the spec gives only yuan). */
const personalUsd: Record<PersonalPlan['key'], number> = {
  continuousYearly: 5900,
  oneYear: 7900,
  twoYears: 14_900,
  lifetime: 19_900,
  halfYearContinuous: 2900,
};

/** Bought AI points last a year, as purchased points expire (spec 01 §2 "AI points"). */
export const BOUGHT_AI_POINTS_DAYS = 365;

export const checkoutItems: readonly CheckoutItem[] = [
  ...personalPlans.map((plan): PersonalItem => ({
    key: `personal.${plan.key}`,
    kind: 'personal',
    plan,
    prices: { CNY: plan.priceFen, USD: personalUsd[plan.key] },
  })),
  // Business plans are priced per seat (spec 02 §9: lifetime 1080, 1/2/3 years 380/580/780 yuan).
  {
    key: 'business.lifetime',
    kind: 'business',
    type: 8,
    subtype: null,
    length: null,
    prices: { CNY: 108_000, USD: 15_900 },
  },
  {
    key: 'business.oneYear',
    kind: 'business',
    type: 9,
    subtype: 1,
    length: 'oneYear',
    prices: { CNY: 38_000, USD: 5900 },
  },
  {
    key: 'business.twoYears',
    kind: 'business',
    type: 9,
    subtype: 2,
    length: 'twoYears',
    prices: { CNY: 58_000, USD: 8900 },
  },
  {
    key: 'business.threeYears',
    kind: 'business',
    type: 9,
    subtype: 3,
    length: 'threeYears',
    prices: { CNY: 78_000, USD: 11_900 },
  },
  { key: 'ai.points1000', kind: 'ai_points', points: 1000, prices: { CNY: 1000, USD: 199 } },
  { key: 'ai.points5000', kind: 'ai_points', points: 5000, prices: { CNY: 4500, USD: 799 } },
  { key: 'ai.points20000', kind: 'ai_points', points: 20_000, prices: { CNY: 16_000, USD: 2799 } },
  { key: 'ai.unlimitedMonth', kind: 'ai_unlimited', days: 30, prices: { CNY: 6800, USD: 999 } },
  { key: 'ai.unlimitedYear', kind: 'ai_unlimited', days: 365, prices: { CNY: 59_800, USD: 8999 } },
  // Template credit is kept in yuan: it is sold in the domestic build only.
  { key: 'template.credit10', kind: 'template_credit', creditFen: 1000, prices: { CNY: 1000, USD: null } },
  { key: 'template.credit30', kind: 'template_credit', creditFen: 3000, prices: { CNY: 3000, USD: null } },
  { key: 'template.credit50', kind: 'template_credit', creditFen: 5000, prices: { CNY: 5000, USD: null } },
  { key: 'template.credit100', kind: 'template_credit', creditFen: 10_000, prices: { CNY: 10_000, USD: null } },
];

export const checkoutItemKeys = checkoutItems.map((item) => item.key);

export function checkoutItemByKey(key: string): CheckoutItem | undefined {
  return checkoutItems.find((item) => item.key === key);
}

/**
 * What the catalogue offer of an item says beyond its price (the `CheckoutOffer` fields of
 * checkout.routes.ts): its order type, length, renewal and what it gives — template credit in fen,
 * whether it is a top-up or a plan's extra (one unit everywhere, docs/decisions/056).
 */
export function checkoutOfferFacts(item: CheckoutItem) {
  const none = {
    type: null,
    subtype: null,
    length: null,
    continuous: false,
    ai_points: null,
    unlimited_days: null,
    credit: null,
  };
  switch (item.kind) {
    case 'personal':
      return {
        ...none,
        type: item.plan.type,
        length: item.plan.length,
        continuous: item.plan.continuous,
        ai_points: item.plan.aiPoints,
        credit: item.plan.templateCreditFen,
      };
    case 'business':
      return { ...none, type: item.type, subtype: item.subtype, length: item.length ?? 'forever' };
    case 'ai_points':
      return { ...none, ai_points: item.points };
    case 'ai_unlimited':
      return { ...none, unlimited_days: item.days };
    case 'template_credit':
      return { ...none, credit: item.creditFen };
  }
}

/** Payment methods (spec 02 §9: wxpay, alipay, bank) and the overseas build's card. */
export const paymentMethods = ['wxpay', 'alipay', 'bank', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The methods each build offers: the domestic one scans a QR code or transfers; overseas pays by card. */
export const paymentMethodsOf = (region: Region): readonly PaymentMethod[] =>
  region === 'domestic' ? ['wxpay', 'alipay', 'bank'] : ['card'];

/** Seats one business purchase may buy; everything else is bought one at a time. */
export const BUSINESS_SEATS_MAX = 1000;

export const quantityLimit = (item: CheckoutItem): number => (item.kind === 'business' ? BUSINESS_SEATS_MAX : 1);

/**
 * The business terms a diagram or project team buys seats under, and the team plan each gives
 * (spec 02 §8: the upgrade prompt leads to business pricing; §3 plan types 61 one year, 63 three
 * years, 62 lifetime). No team plan lasts two years, so that term is not sold to a team.
 */
export const teamPlanOfBusinessItem: Readonly<Partial<Record<string, 61 | 62 | 63>>> = {
  'business.oneYear': 61,
  'business.threeYears': 63,
  'business.lifetime': 62,
};

/** An unpaid QR or card checkout closes after 30 minutes (a provider's own order expiry). */
export const CHECKOUT_TTL_SECONDS = 30 * 60;
/** A bank transfer takes days to arrive: its order waits a week for the operator's confirmation. */
export const BANK_TRANSFER_TTL_SECONDS = 7 * 24 * 60 * 60;

export const checkoutTtl = (method: PaymentMethod): number =>
  method === 'bank' ? BANK_TRANSFER_TTL_SECONDS : CHECKOUT_TTL_SECONDS;

/** The states of a checkout (docs/decisions/037). */
export const checkoutStates = ['created', 'paid', 'fulfilled', 'closed', 'refunded'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

/** States a checkout never leaves on its own: the pay screen stops listening at them. */
export const isSettledCheckout = (state: CheckoutState): boolean => state !== 'created';

/** What a held coupon takes off, as far as the price is concerned. */
export interface CouponTerms {
  /** 1 amount off, 2 percent off, 15 amount off in the mobile app only. */
  type: number;
  value: number;
  currency: Currency;
  minSpend: number;
}

/** A plan coupon's reach: the product whose plans it is for (`all`: both). */
export interface PlanCoupon extends CouponTerms {
  product: 'max' | 'mind' | 'all';
}

/**
 * Whether a held plan coupon may take money off an item (docs/decisions/037): personal plans of
 * its product, business plans (mind-map companies) for a mind-map coupon, anything of a coupon
 * for all; never a top-up. An amount off must be in the checkout's currency; a mobile-only one
 * (type 15) never applies here. Its least spend is the price rule's business.
 */
export function planCouponApplies(
  coupon: PlanCoupon,
  item: CheckoutItem,
  product: PersonalPlanProduct | null,
  currency: Currency,
): boolean {
  if (coupon.type === 15 || (coupon.type === 1 && coupon.currency !== currency)) return false;
  if (item.kind === 'personal') return coupon.product === 'all' || coupon.product === product;
  if (item.kind === 'business') return coupon.product === 'all' || coupon.product === 'mind';
  return false;
}

export interface CheckoutPrice {
  /** Price before the coupon: unit price × quantity. */
  list: number;
  discount: number;
  /** What is charged: never below one minor unit, as no provider takes a payment of nothing. */
  amount: number;
}

/**
 * What a checkout charges, computed on the server only (a price sent by a client is never read):
 * the item's unit price times the quantity, less the coupon when it applies — an amount off in the
 * same currency, or a percentage rounded down to whole minor units — once the list price reaches
 * the coupon's least spend.
 */
export function checkoutPrice(unitPrice: number, quantity: number, currency: Currency, coupon?: CouponTerms | null) {
  const list = unitPrice * quantity;
  let discount = 0;
  if (coupon && list >= coupon.minSpend) {
    if (coupon.type === 2) discount = Math.floor((list * coupon.value) / 100);
    // Type 15 is taken by the mobile app only, never by this checkout.
    else if (coupon.type === 1 && coupon.currency === currency) discount = coupon.value;
  }
  discount = Math.max(0, Math.min(discount, list - 1));
  return { list, discount, amount: list - discount } satisfies CheckoutPrice;
}
