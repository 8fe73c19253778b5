import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, offsetPage, strict } from '../http/schema.js';
import { UserIdParams } from './user.routes.js';

/** A template bought with template credit (spec 01 §3 "Template coupon record"); price in fen. */
export const TemplateCreditRecord = Type.Object({
  id: Type.Integer(),
  created_at: UnixSeconds,
  work_title: Type.String(),
  price: Type.Integer({ minimum: 1 }),
});

/** Template records a page (spec 01 §9: the first 10; pages of 10). */
export const TEMPLATE_RECORD_PAGE_SIZE = 10;

/** A page of a list: `count` rows from `offset`. */
const PageQuery = Type.Object(offsetPage(10, 50), strict);

export const getTemplateCreditRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coupontemplate',
  summary: 'Template credit left, in fen (getTemplateCoupon: surplus)',
  tags: ['template credit'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Object({ surplus: Type.Integer({ minimum: 0 }) })),
});

export const listTemplateCreditRecordsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coupontemplate/record',
  summary: 'Templates bought with template credit, newest first (getTemplateCouponRecord: offset, count)',
  tags: ['template credit'],
  access: 'user',
  params: UserIdParams,
  querystring: PageQuery,
  reply: Envelope(Type.Object({ list: Type.Array(TemplateCreditRecord), count: Type.Integer({ minimum: 0 }) })),
});

/**
 * Where credit came from: a top-up bought, a personal plan's extra (an order of a plan), a gift
 * code, an event, an operator (support); `other` for anything else.
 */
export const templateCreditSources = ['top_up', 'plan', 'gift_code', 'activity', 'operator', 'other'] as const;
export type TemplateCreditSource = (typeof templateCreditSources)[number];

/** Credit added to the account (a grant of the grants module); amounts in fen. */
export const TemplateCreditAddition = Type.Object({
  id: Type.Integer(),
  created_at: UnixSeconds,
  source: literals(templateCreditSources),
  /** The order that bought it (a top-up or a plan), else null. */
  order_id: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer({ minimum: 1 }),
  /** What is left of it to spend. */
  remaining: Type.Integer({ minimum: 0 }),
  /** It can no longer be spent after this; null: never expires. */
  expires_at: Type.Union([UnixSeconds, Type.Null()]),
});

export const listTemplateCreditAdditionsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coupontemplate/added',
  summary:
    'Template credit added to the account (top-ups, plans, gift codes, grants), newest first, by offset and count',
  tags: ['template credit'],
  access: 'user',
  params: UserIdParams,
  querystring: PageQuery,
  reply: Envelope(Type.Object({ list: Type.Array(TemplateCreditAddition), count: Type.Integer({ minimum: 0 }) })),
});

export const spendTemplateCreditRoute = defineRoute({
  method: 'POST',
  path: '/api/internal/template-credit/spend',
  summary:
    "The template community spends a user's template credit on a template: soonest-expiring credit first; 'Exceeded usage limit.' when short",
  tags: ['internal'],
  access: 'service',
  services: ['templates'],
  idempotent: true,
  body: Type.Object(
    {
      user_id: Id(),
      template_id: Text({ minLength: 1, maxLength: 64 }),
      title: Text({ minLength: 1, maxLength: 200 }),
      /** Fen. */
      price: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    },
    strict,
  ),
  reply: Envelope(Type.Object({ record_id: Type.Integer(), surplus: Type.Integer({ minimum: 0 }) })),
});
