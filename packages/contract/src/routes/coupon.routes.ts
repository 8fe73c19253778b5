import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import {
  COUPON_CODE_MAX_LENGTH,
  couponCommunities,
  couponProducts,
  couponProductTypes,
  couponRuleKeys,
} from '../rules/coupons.js';
import { UserIdParams } from './user.routes.js';

/**
 * The coupon an account holds (spec 01 §3 "Coupon"), with what the coupons screen shows: its
 * range of use, limits, expiry and rules.
 */
export const Coupon = Type.Object({
  /** The holding's id: a new one each time a coupon is bound. */
  id: Type.Integer(),
  /** The operator's description; `info[0]` is shown (spec 01 §3). */
  info: Type.Array(Type.String()),
  product: literals(couponProducts),
  product_type: literals(couponProductTypes),
  /** 1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only. */
  type: Type.Enum([1, 2, 15]),
  /** Fen (CNY) or cents (USD) off, or the percentage off for type 2. */
  value: Type.Integer({ minimum: 1 }),
  currency: Type.Enum(['CNY', 'USD']),
  /** The least an order must cost for the coupon to apply, in the same unit; 0 for any. */
  min_spend: Type.Integer({ minimum: 0 }),
  /** When it was bound to this account. */
  updated_at: UnixSeconds,
  /** When it expires; null: it does not. */
  exp: Nullable(UnixSeconds),
  /** Where to use it: each community of its range, as a path on the company site. */
  url: Type.Array(Type.Object({ name: literals(couponCommunities), url: Type.String() })),
  /** The code it was bound with, all but its last four characters hidden; null for a gift's. */
  code: Nullable(Type.String()),
  /** The template communities it is good in. */
  range: Type.Array(literals(couponCommunities)),
  rules: Type.Array(literals(couponRuleKeys)),
});

export const getCouponsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/promocode',
  summary: 'The coupon the account holds, as a list of at most one (getCounpon)',
  tags: ['coupons'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Array(Coupon)),
});

export const bindCouponRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/promo/bind',
  summary:
    "Bind a coupon code (activeCoupon); 'only one coupon' while one is held, unless `replace` confirms swapping it",
  tags: ['coupons'],
  access: 'user',
  idempotent: true,
  params: UserIdParams,
  body: Type.Object(
    {
      code: Text({ minLength: 1, maxLength: COUPON_CODE_MAX_LENGTH, description: 'upper case (spec 01 §5)' }),
      /** The person confirmed replacing the coupon they hold. */
      replace: Type.Optional(Type.Boolean()),
    },
    strict,
  ),
  reply: Envelope(Coupon),
});
