/**
 * Coupons (spec 01 §2 "Coupons screen", §3 "Coupon", §4, §5 "Coupon code", §9): a discount an
 * account holds — one at a time — for templates bought in the diagram and mind-map template
 * communities, and, once the checkout is built, for what it sells.
 */

/** What the entered coupon code may be (spec 01 §5, §9): not empty, at most 24 characters. */
export const COUPON_CODE_MAX_LENGTH = 24;

/** The coupon code as sent (spec 01 §5): upper case, without the spaces around it. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * A coupon's `type`: an amount off, a percentage off, or (15) an amount off that only the mobile
 * app takes, whose link opens the phone-only tip instead of the community (spec 01 §8).
 */
export const couponTypes = { amountOff: 1, percentOff: 2, mobileAmountOff: 15 } as const;
export type CouponType = (typeof couponTypes)[keyof typeof couponTypes];
export const couponTypeValues: readonly CouponType[] = [1, 2, 15];

/** Whether the coupon's `value` is an amount of money (fen or cents) rather than a percentage. */
export const isAmountCoupon = (type: CouponType): boolean => type !== couponTypes.percentOff;

/** The template communities a coupon is good in: the diagram one, the mind-map one, or both. */
export const couponCommunities = ['max', 'mind'] as const;
export type CouponCommunity = (typeof couponCommunities)[number];

/** A coupon's `product`: one community's templates, or both. */
export const couponProducts = ['max', 'mind', 'all'] as const;
export type CouponProduct = (typeof couponProducts)[number];

/**
 * What a coupon takes money off (`product_type`): templates in the communities, or the checkout's
 * plans (personal plans of its product, business plans for a mind-map coupon; docs/decisions/037).
 */
export const couponProductTypes = ['template', 'plan'] as const;
export type CouponProductType = (typeof couponProductTypes)[number];

/** The coupon's range of use (spec 01 §3): the communities of its product. */
export function couponRange(product: CouponProduct): CouponCommunity[] {
  return product === 'all' ? [...couponCommunities] : [product];
}

/**
 * Each community's template pages, as paths on the company site: a client resolves them against
 * the site of its reader's language, which only it knows.
 */
export const templateCommunityPaths: Record<CouponCommunity, string> = {
  max: '/templates/diagram',
  mind: '/templates/mind-map',
};

/** The rules a coupon is held under (spec 01 §3 "rules (only for this account)"), as keys. */
export const couponRuleKeys = ['account_only', 'one_per_order', 'mobile_only'] as const;
export type CouponRule = (typeof couponRuleKeys)[number];

export function couponRules(type: CouponType): CouponRule[] {
  return type === couponTypes.mobileAmountOff
    ? ['account_only', 'one_per_order', 'mobile_only']
    : ['account_only', 'one_per_order'];
}

/** A percentage coupon takes 1 to 99 percent off. */
export const COUPON_PERCENT_MAX = 99;
