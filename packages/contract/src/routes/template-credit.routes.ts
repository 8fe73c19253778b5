import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { UserIdParams } from './user.routes.js';

const strict = { additionalProperties: false } as const;

/** A template bought with template credit (spec 01 §3 "Template coupon record"); price in fen. */
export const TemplateCreditRecord = Type.Object({
  id: Type.Integer(),
  created_at: UnixSeconds,
  work_title: Type.String(),
  price: Type.Integer({ minimum: 1 }),
});

/** Template records a page (spec 01 §9: the first 10; pages of 10). */
export const TEMPLATE_RECORD_PAGE_SIZE = 10;

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
  querystring: Type.Object(
    {
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    },
    strict,
  ),
  reply: Envelope(Type.Object({ list: Type.Array(TemplateCreditRecord), count: Type.Integer({ minimum: 0 }) })),
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
