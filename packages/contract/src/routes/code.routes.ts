import { Type } from 'typebox';
import { currencies, personalPlatforms, subscriptionProducts } from '../catalogue/products.js';
import { Envelope } from '../http/envelope.js';
import { Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import { grantKinds } from '../rules/grants.js';
import { REDEEM_CODE_INPUT_MAX_LENGTH, redeemCodeKinds } from '../rules/redeem-codes.js';
import { teamProducts } from './team.routes.js';
import { UserIdParams } from './user.routes.js';

/** The body of both redemption calls (spec 01 §7 bindAccount, bindGift: `code`). */
const RedeemBody = Type.Object(
  {
    code: Text({
      minLength: 1,
      maxLength: REDEEM_CODE_INPUT_MAX_LENGTH,
      description: 'as typed; case, spaces and dashes do not matter',
    }),
  },
  strict,
);

/** One thing a redeemed code gave (the grants module's grant, as the account sees it). */
export const RedeemedGrant = Type.Object({
  kind: literals(grantKinds),
  /** A licence's product, a course's id, a coupon's id. */
  item: Nullable(Type.String()),
  /** Points or credit given. */
  amount: Nullable(Type.Integer()),
  expires_at: Nullable(UnixSeconds),
});

/**
 * One benefit a redemption gave, as the reminder box names it (spec 01 §4: "for a gift code a
 * reminder box names the product"), with what the box needs to say it in the reader's language
 * and units.
 */
export const RedeemedBenefit = Type.Union([
  Type.Object({
    kind: Type.Literal('licence'),
    product: literals(subscriptionProducts),
    /** The plan the code is of (an order type, spec 01 §9), to name it; null for days of membership. */
    order_type: Nullable(Type.Integer()),
    version: Nullable(Type.String()),
    /** The platforms the code gave, or, for a replacement, the ones it moved the licence onto. */
    platforms: Type.Array(literals(personalPlatforms)),
    /** The latest end those platforms held before; null when nothing ran there. */
    was: Nullable(UnixSeconds),
    /** Their latest end now; past 2119 for ever (`planDateOf`). */
    until: UnixSeconds,
  }),
  Type.Object({ kind: Type.Literal('ai_points'), amount: Type.Integer(), expires_at: Nullable(UnixSeconds) }),
  Type.Object({
    kind: Type.Literal('template_credit'),
    /** In the smallest unit of `currency` (credit is kept in fen). */
    amount: Type.Integer(),
    currency: literals(currencies),
    expires_at: Nullable(UnixSeconds),
  }),
  Type.Object({
    kind: Type.Literal('coupon'),
    /** 1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only. */
    type: Type.Enum([1, 2, 15]),
    /** Minor units of `currency` off, or the percentage off for type 2. */
    value: Type.Integer(),
    currency: literals(currencies),
    min_spend: Type.Integer(),
    expires_at: Nullable(UnixSeconds),
  }),
  /** A course of the academy, by its lesson id: the courses screen lists it among those bought. */
  Type.Object({ kind: Type.Literal('course'), course: Type.String() }),
  /** Seats of a plan for the team of `product` the person owns. */
  Type.Object({
    kind: Type.Literal('seats'),
    product: literals(teamProducts),
    seats: Type.Integer(),
    expires_at: Nullable(UnixSeconds),
  }),
]);

/** What a redemption did, for the success tip and the reminder box (spec 01 §2 "Bind screen"). */
export const Redemption = Type.Object({
  kind: literals(redeemCodeKinds),
  /** The licence product it gave or changed, to name and open; null for a gift of no licence. */
  product: Nullable(literals(subscriptionProducts)),
  grants: Type.Array(RedeemedGrant),
  /** Every benefit given, in the batch's order. */
  benefits: Type.Array(RedeemedBenefit),
});

// Each route is its own `defineRoute` call: the web build reduces these calls to their method
// and path (docs/decisions/019), which a call made through a helper would escape.
export const redeemLicenceCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/license',
  summary:
    'Redeem an activation, replacement or project code, or a gift code as /prize/use does (bindAccount); failures answer the spec 01 §8 msgs',
  tags: ['codes'],
  access: 'user',
  // A retry after a lost answer hears the first success, not "only once".
  idempotent: true,
  params: UserIdParams,
  body: RedeemBody,
  reply: Envelope(Redemption),
});

export const redeemGiftCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/prize/use',
  summary: 'Redeem a gift code (bindGift): membership days, AI points, template credit',
  tags: ['codes'],
  access: 'user',
  idempotent: true,
  params: UserIdParams,
  body: RedeemBody,
  reply: Envelope(Redemption),
});
