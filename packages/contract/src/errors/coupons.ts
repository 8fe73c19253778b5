import { defineErrors } from './define.js';

/**
 * Failures of binding a coupon code (spec 01 §8 "Coupon"): `invalid code` (errorCode) for a code
 * that does not exist, is disabled, or is not a coupon's; `only one coupon` when the account holds
 * one already, which the screen answers with its replace prompt; and the codes' own limits.
 * Texts in `coupon`, which loads with the coupons screen.
 */
export const CouponErrors = defineErrors('coupon:errors.', {
  invalidCode: { msg: 'invalid code', status: 404, key: 'coupon:errorCode' },
  /** Binding without `replace` while a live coupon is held (one coupon at a time, spec 01 §4). */
  held: { msg: 'only one coupon', status: 409, key: 'coupon:replace.prompt' },
  /** A single-use coupon code bound already, or one this account has used. */
  used: { msg: 'only once', status: 409 },
  /** A campaign coupon code used by as many accounts as its batch allows. */
  overLimit: { msg: 'Exceeded usage limit.', status: 409 },
  /** A coupon code past its batch's validity, or not yet in it. */
  expired: { msg: 'expired', status: 410 },
});
