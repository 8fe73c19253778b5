import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, offsetPage, strict } from '../http/schema.js';
import { incomeKinds, incomeProducts, withdrawalStates } from '../rules/income.js';
import { UserIdParams } from './user.routes.js';

/** A calendar day in China, YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** Fen, up to a million yuan a movement. */
const Fen = Type.Integer({ minimum: 1, maximum: 100_000_000 });

/** One income entry (spec 01 §3 "Income record"); money in fen, negative for a refund. */
export const IncomeRecord = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  created_at: UnixSeconds,
  /** What the entry adds to the author's income: a sale's 70% share, a cashback, or their reversal. */
  price: Type.Integer(),
  product: literals(incomeProducts),
  description: Type.String(),
  kind: literals(incomeKinds),
  /** A sale's price before the platform's 30%, and that fee; 0 for other entries. */
  gross: Type.Integer(),
  fee: Type.Integer(),
  /** A cashback still locked: when it becomes withdrawable (cancelled if the order is refunded first). */
  unlocks_at: Nullable(UnixSeconds),
});

/** A withdrawal as its author sees it: masked account and identity number, money in fen. */
export const Withdrawal = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer({ minimum: 1 }),
  /** Taken from this payout: none, the platform's share was kept when the income was recorded. */
  fee: Type.Integer({ minimum: 0 }),
  /** What reaches the payment account (spec 01 §5: the amount entered). */
  received: Type.Integer({ minimum: 1 }),
  state: literals(withdrawalStates),
  created_at: UnixSeconds,
  /** The day it is paid from: after the 10th of the next month, past holidays. */
  payout_on: Day,
  settled_at: Nullable(UnixSeconds),
  failure_reason: Nullable(Type.String()),
  zfb: Type.String(),
  identity_card: Type.String(),
});

/** Income entries a page on the record tab. */
export const INCOME_PAGE_SIZE = 10;

export const getIncomeDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/income/detail',
  summary:
    'Income entries of one product in a time window, newest first (getProperty, getMaxProperty: product mm or em, offset, count, start, end in seconds; default window a year ago to the end of today)',
  tags: ['income'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object(
    {
      product: Type.Optional(literals(incomeProducts)),
      ...offsetPage(INCOME_PAGE_SIZE, 50),
      start: Type.Optional(UnixSeconds),
      end: Type.Optional(UnixSeconds),
    },
    strict,
  ),
  reply: Envelope(
    Type.Object({
      count: Type.Integer({ minimum: 0 }),
      income: Type.Array(IncomeRecord),
      /** The window read, in seconds (the default one when none was asked for). */
      start: UnixSeconds,
      end: UnixSeconds,
    }),
  ),
});

export const getIncomeRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/income',
  summary:
    'Income that can be withdrawn (getIncome: avaliable, in fen), cashback still locked, the withdrawal under way and recent ones, and when a request made now would be paid',
  tags: ['income'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(
    Type.Object({
      /**
       * The spec's spelling. Withdrawable credits less withdrawals waiting or paid; never below
       * zero: what a refund takes beyond it is `owed`.
       */
      avaliable: Type.Integer({ minimum: 0 }),
      /** What refunds took back beyond the income left after withdrawals; later income settles it first. */
      owed: Type.Integer({ minimum: 0 }),
      locked: Type.Integer({ minimum: 0 }),
      /** When the soonest locked cashback unlocks; null when none is locked. */
      unlock_at: Nullable(UnixSeconds),
      /** The unfinished withdrawal, which blocks a new one. */
      ongoing: Nullable(Withdrawal),
      /** The latest withdrawals, newest first (at most 5). */
      recent: Type.Array(Withdrawal),
      /** The day a withdrawal asked for now would be paid from. */
      payout_on: Day,
    }),
  ),
});

export const requestWithdrawalRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/cash',
  summary:
    "Ask for income to be paid to an Alipay account (getCash: zfb, identity_card, name, amount in yuan, mobile), checked in the spec's order; one unfinished withdrawal at a time",
  tags: ['income'],
  access: 'user',
  idempotent: true,
  params: UserIdParams,
  body: Type.Object(
    {
      zfb: Text({ maxLength: 254 }),
      identity_card: Text({ maxLength: 32 }),
      name: Text({ maxLength: 50 }),
      mobile: Text({ maxLength: 20 }),
      /**
       * Yuan as typed. Anything that is not plain decimal digits (fen at most) counts as 0 and
       * fails the minimum in the spec's order (spec 01 §5, withdrawalYuan): `"0x32"` is not 50.
       */
      amount: Type.Union([Text({ maxLength: 20 }), Type.Number({ minimum: -10_000_000, maximum: 10_000_000 })]),
    },
    strict,
  ),
  reply: Envelope(Type.Object({ withdrawal: Withdrawal })),
});

const Recorded = Envelope(Type.Object({ income_id: Type.Integer(), price: Type.Integer(), fee: Type.Integer() }));

export const recordTemplateSaleRoute = defineRoute({
  method: 'POST',
  path: '/api/internal/income/sale',
  summary:
    "The template community records a sale of an author's template: the author's 70% share, with the platform's 30% beside it",
  tags: ['internal'],
  access: 'service',
  services: ['templates'],
  idempotent: true,
  body: Type.Object(
    {
      user_id: Id(),
      product: literals(incomeProducts),
      /** The community's own id of the sale; a sale is recorded once. */
      sale_id: Text({ minLength: 1, maxLength: 64 }),
      title: Text({ minLength: 1, maxLength: 200 }),
      /** What the buyer paid, in fen. */
      gross: Fen,
      description: Type.Optional(Text({ maxLength: 500 })),
    },
    strict,
  ),
  reply: Recorded,
});

export const recordCashbackRoute = defineRoute({
  method: 'POST',
  path: '/api/internal/income/cashback',
  summary: "The order system credits an inviter with cashback on a friend's order, locked 7 days after the order",
  tags: ['internal'],
  access: 'service',
  services: ['orders'],
  idempotent: true,
  body: Type.Object(
    {
      user_id: Id(),
      product: literals(incomeProducts),
      /** The friend's order; one cashback an order. */
      order_no: Text({ minLength: 1, maxLength: 64 }),
      title: Text({ minLength: 1, maxLength: 200 }),
      amount: Fen,
      /** When the friend's order was paid (default now); the lock runs from it. */
      ordered_at: Type.Optional(UnixSeconds),
      description: Type.Optional(Text({ maxLength: 500 })),
    },
    strict,
  ),
  reply: Recorded,
});

export const refundIncomeRoute = defineRoute({
  method: 'POST',
  path: '/api/internal/income/refund',
  summary:
    "A sale refunded (the author's share and the fee taken back) or a friend's order refunded within the cashback lock (the cashback cancelled); 'cashback unlocked' after the lock",
  tags: ['internal'],
  access: 'service',
  services: ['templates', 'orders'],
  idempotent: true,
  body: Type.Object(
    {
      user_id: Id(),
      /** `sale` by the sale's id, `cashback` by the friend's order. */
      of: Type.Union([Type.Literal('sale'), Type.Literal('cashback')]),
      source_id: Text({ minLength: 1, maxLength: 64 }),
    },
    strict,
  ),
  reply: Recorded,
});
