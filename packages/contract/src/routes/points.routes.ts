import { Type } from 'typebox';
import { Envelope, ListEnvelope } from '../http/envelope.js';
import { Id, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import { AI_POINTS_PER_USE_MAX, aiPointMethodNames, aiPointProducts } from '../rules/ai-points.js';
import { UserIdParams } from './user.routes.js';

/** The account's AI points now (spec 01 §7 getAIPointLeftV2, getAIPointLeft). */
export const AiPointBalance = Type.Object({
  balance: Type.Integer({ minimum: 0 }),
  /** When unlimited use ends; null when the account has none running. */
  unlimit_date: Nullable(UnixSeconds),
  /** Whole days of unlimited use left, counting today; 0 when none runs. */
  unlimited_days: Type.Integer({ minimum: 0 }),
  /** The points that will expire, soonest first: each live grant with an end. */
  expiring: Type.Array(Type.Object({ points: Type.Integer({ minimum: 1 }), exp_time: UnixSeconds })),
});

/** One use of points (spec 01 §3 "usage record"). */
export const AiPointUsage = Type.Object({
  id: Type.Integer(),
  create_tm: UnixSeconds,
  /** 0 none (shown as a slash), 1 diagram, 2 mind-map. */
  product_type: Type.Integer({ minimum: 0, maximum: 2 }),
  /** The feature's code: 1–29 mind-map, 1001–1116 diagram, 2001 expired points. */
  desc_type: Type.Integer(),
  points: Type.Integer({ minimum: 0 }),
  /** The balance after this use. */
  after_point: Type.Integer({ minimum: 0 }),
  /** Recorded during unlimited use: the balance was not touched. */
  unlimited: Type.Boolean(),
});

/** One acquisition of points (spec 01 §3 "acquisition record"). */
export const AiPointAcquisition = Type.Object({
  id: Type.Integer(),
  created_at: UnixSeconds,
  /** -1 other, 1 bought AI group, 2 membership bonus, 3 licence, 4 activity. */
  source: Type.Integer(),
  method: literals(aiPointMethodNames),
  total_points: Type.Integer({ minimum: 1 }),
  residue_points: Type.Integer({ minimum: 0 }),
  exp_time: Nullable(UnixSeconds),
});

export const getAiPointsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/v2/points',
  summary: 'AI points: balance, unlimited use and what expires when (getAIPointLeftV2)',
  tags: ['points'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(AiPointBalance),
});

export const getAiPointsV1Route = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/points',
  summary: 'AI points, the older shape desktop clients read: unlimited use and balance (getAIPointLeft)',
  tags: ['points'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Object({ unlimit_date: Nullable(UnixSeconds), balance: Type.Integer({ minimum: 0 }) })),
});

export const listAiPointUsageRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/points/list',
  summary: 'AI points used, newest first, a page at a time (getAIPointList: page, page_size 10, 20 or 50)',
  tags: ['points'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      // An integer first, so that the query's text is read as a number, then one of the sizes.
      page_size: Type.Optional(Type.Integer({ enum: [10, 20, 50], default: 10 })),
    },
    strict,
  ),
  reply: ListEnvelope(AiPointUsage),
});

export const listAiPointAcquisitionsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/v2/points/detail',
  summary: 'Every acquisition of AI points, newest first, with what is left of each (getAIPointGetList)',
  tags: ['points'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Array(AiPointAcquisition)),
});

/** What a product's server sends to spend points (issue 13). */
export const ConsumePointsBody = Type.Object(
  {
    user_id: Id(),
    product: literals(aiPointProducts),
    feature_code: Type.Integer({ minimum: 1, maximum: 9999 }),
    points: Type.Integer({ minimum: 1, maximum: AI_POINTS_PER_USE_MAX }),
  },
  strict,
);

export const consumePointsRoute = defineRoute({
  method: 'POST',
  path: '/api/internal/points/consume',
  summary:
    "A product spends a user's AI points on a feature: soonest-expiring grants first; recorded without touching the balance during unlimited use; 'Exceeded usage limit.' when short",
  tags: ['internal'],
  access: 'service',
  services: ['products'],
  idempotent: true,
  body: ConsumePointsBody,
  reply: Envelope(
    Type.Object({
      usage_id: Type.Integer(),
      balance: Type.Integer({ minimum: 0 }),
      unlimited: Type.Boolean(),
    }),
  ),
});

export const internalPointBalanceRoute = defineRoute({
  method: 'GET',
  path: '/api/internal/points/balance',
  summary: "A user's AI points and unlimited use, for a product's server",
  tags: ['internal'],
  access: 'service',
  services: ['products'],
  querystring: Type.Object({ user_id: Id() }, strict),
  reply: Envelope(Type.Object({ balance: Type.Integer({ minimum: 0 }), unlimit_date: Nullable(UnixSeconds) })),
});

/** Days the usage chart covers (issue 13: the last 30 days, today included). */
export const AI_USAGE_CHART_DAYS = 30;

/** Points one feature of one product took on one day. */
export const AiPointDailyUse = Type.Object({
  /** 0 for the first day of the range, up to AI_USAGE_CHART_DAYS − 1 for today. */
  day: Type.Integer({ minimum: 0 }),
  product_type: Type.Integer({ minimum: 0, maximum: 2 }),
  desc_type: Type.Integer(),
  points: Type.Integer({ minimum: 0 }),
});

export const AiPointDailyUseReply = Type.Object({
  /** The first day's start, in unix seconds. */
  first_day: UnixSeconds,
  list: Type.Array(AiPointDailyUse),
});

export const getAiPointDailyUseRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/points/daily',
  summary:
    'AI points used per day, product and feature over the last 30 days in the reader’s time zone (the usage chart); expired points are not uses',
  tags: ['points'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object(
    {
      /** Minutes the reader's clock is ahead of UTC (Date#getTimezoneOffset negated). */
      utc_offset: Type.Optional(Type.Integer({ minimum: -720, maximum: 840, default: 0 })),
    },
    strict,
  ),
  reply: Envelope(AiPointDailyUseReply),
});
