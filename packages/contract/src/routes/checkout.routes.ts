import { Type } from 'typebox';
import {
  BUSINESS_SEATS_MAX,
  checkoutItemKeys,
  checkoutItemKinds,
  checkoutStates,
  paymentMethods,
  personalPlanProducts,
} from '../catalogue/checkout.js';
import { continuousPlanKeys } from '../catalogue/plan-purchase.js';
import { Envelope } from '../http/envelope.js';
import { Id, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import { LicenceLengthMs } from '../licence/durations.js';

/**
 * The checkout's calls (docs/decisions/037): what is sold at what price, opening a payment, its
 * state (read, pushed as it changes, or polled as spec 02 §4 does), and abandoning it. Only the
 * purchase screen imports this module, so the first route's bundle does not carry it.
 */

/** The number the provider knows a checkout by (spec 02 §7 `out_trade_no`); the order's number once paid. */
export const OutTradeNo = Type.String({ pattern: '^[0-9]{20}$' });

const Currency = Type.Enum(['CNY', 'USD']);
const Minor = (description: string) => Type.Integer({ minimum: 0, description });

/** One item of the catalogue, priced in the caller's currency. */
export const CheckoutOffer = Type.Object({
  key: literals(checkoutItemKeys),
  kind: literals(checkoutItemKinds),
  price: Minor('unit price in minor units (fen, cents)'),
  quantity_max: Type.Integer({ minimum: 1 }),
  /** Personal plans: the order type (spec 02 §9); business plans: 8 lifelong, 9 time-limited. */
  type: Nullable(Type.Integer()),
  /** Business plans of type 9: 1, 2 or 3 years. */
  subtype: Nullable(Type.Integer()),
  /** How long it lasts: a length of the durations table, `forever`, or null for a balance. */
  length: Nullable(Type.Union([literals(Object.keys(LicenceLengthMs)), Type.Literal('forever')])),
  /** Renews itself each period until cancelled (the continuous plans). */
  continuous: Type.Boolean(),
  /** AI points: a personal plan's extra, or a package's points. */
  ai_points: Nullable(Type.Integer()),
  /** Days of unlimited AI use. */
  unlimited_days: Nullable(Type.Integer()),
  /** Template credit given, in fen: a top-up's, or a personal plan's extra (spec 02 §9). */
  credit: Nullable(Type.Integer()),
});

/** A held coupon that takes money off plans, as the checkout applies it (planCouponApplies). */
export const CheckoutCoupon = Type.Object({
  /** The holding. */
  id: Type.Integer(),
  /** 1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only. */
  type: Type.Enum([1, 2, 15]),
  /** Minor units off, or the percentage off for type 2. */
  value: Type.Integer({ minimum: 1 }),
  currency: Currency,
  min_spend: Type.Integer({ minimum: 0 }),
  product: Type.Enum(['max', 'mind', 'all']),
  info: Type.String(),
  exp: Nullable(UnixSeconds),
});

/** What the buyer holds of a personal plan's product (PlanHolding): what buying a plan of it does is planPurchaseEffect. */
export const CheckoutPlanHolding = Type.Object({
  product: literals(personalPlanProducts),
  forever: Type.Boolean({ description: 'every platform a personal plan licenses is licensed for ever already' }),
  renewing: Nullable(literals(continuousPlanKeys)),
});

export const CheckoutCatalogue = Type.Object({
  currency: Currency,
  methods: Type.Array(literals(paymentMethods)),
  items: Type.Array(CheckoutOffer),
  /** The coupon the account holds, when it is one for plans; which items it applies to is planCouponApplies. */
  coupon: Nullable(CheckoutCoupon),
  /** One per personal plan product. */
  holdings: Type.Array(CheckoutPlanHolding),
});

export const getCheckoutCatalogueRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/pay/catalogue',
  summary: 'What the checkout sells, at the prices of the caller’s region',
  tags: ['checkout'],
  access: 'user',
  params: Type.Object({ userId: Id() }, strict),
  reply: Envelope(CheckoutCatalogue),
});

/** The transfer details of a bank-transfer checkout: the reference ties the money to the order. */
export const BankTransfer = Type.Object({
  account_name: Type.String(),
  bank_name: Type.String(),
  account_no: Type.String(),
  reference: Type.String({ description: 'to write on the transfer: the out_trade_no' }),
});

/** A checkout: an order waiting to be paid, then paid and fulfilled, closed or refunded. */
export const Checkout = Type.Object({
  out_trade_no: OutTradeNo,
  state: literals(checkoutStates),
  item: literals(checkoutItemKeys),
  kind: literals(checkoutItemKinds),
  product: Nullable(literals(personalPlanProducts)),
  quantity: Type.Integer({ minimum: 1 }),
  method: literals(paymentMethods),
  currency: Currency,
  list_amount: Minor('price before the coupon'),
  discount: Minor('taken off by the coupon'),
  amount: Minor('what is charged'),
  created_at: UnixSeconds,
  /** An unpaid checkout closes then. */
  expires_at: UnixSeconds,
  paid_at: Nullable(UnixSeconds),
  closed_at: Nullable(UnixSeconds),
  refunded_at: Nullable(UnixSeconds),
  /** The team whose seats it buys (the upgrade), else null. */
  team_id: Nullable(Type.Integer({ minimum: 1 })),
  /** The order in the history, once paid: the same number. */
  order_id: Nullable(Type.String()),
  /** The provider's page: the hosted card page overseas, the pay page the QR code opens at home. */
  pay_url: Nullable(Type.String()),
  /** The QR code to scan (wxpay, alipay), an SVG document. */
  qr_svg: Nullable(Type.String()),
  bank: Nullable(BankTransfer),
});

export const createCheckoutRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/pay/checkout',
  summary: 'Opens a payment: the server prices it, asks the provider, records the order unpaid',
  tags: ['checkout'],
  access: 'user',
  // A retry after a lost answer gets the same checkout, not a second order to pay.
  idempotent: true,
  params: Type.Object({ userId: Id() }, strict),
  body: Type.Object(
    {
      item: literals(checkoutItemKeys),
      /** A personal plan's product: diagram (max) or mind map (mind). */
      product: Type.Optional(literals(personalPlanProducts)),
      quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: BUSINESS_SEATS_MAX })),
      method: literals(paymentMethods),
      /** Apply the held plan coupon: used up by this checkout, given back if it closes unpaid. */
      use_coupon: Type.Optional(Type.Boolean()),
      /**
       * A business term bought as seats of this diagram or project team, which its owner or an
       * admin buys (spec 02 §8 upgrade): the team gets a plan (teamPlanOfBusinessItem).
       */
      team_id: Type.Optional(Id()),
    },
    strict,
  ),
  reply: Envelope(Checkout),
});

export const CheckoutParams = Type.Object({ userId: Id(), outTradeNo: OutTradeNo }, strict);

export const getCheckoutRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/pay/checkout/:outTradeNo',
  summary: 'A checkout of the caller, as it stands (an unpaid one past its time reads closed)',
  tags: ['checkout'],
  access: 'user',
  params: CheckoutParams,
  reply: Envelope(Checkout),
});

export const closeCheckoutRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/:userId/pay/checkout/:outTradeNo',
  summary: 'Abandons an unpaid checkout: closed here and at the provider; a paid one is answered as it is',
  tags: ['checkout'],
  access: 'user',
  params: CheckoutParams,
  reply: Envelope(Checkout),
});

/** The state events of a checkout, as Server-Sent Events: `event: checkout`, the Checkout as data. */
export const CHECKOUT_EVENT = 'checkout';

export const checkoutEventsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/pay/checkout/:outTradeNo/events',
  summary:
    'text/event-stream of the checkout’s state: sent at once, then on every change, with a heartbeat; ends once settled',
  tags: ['checkout'],
  access: 'user',
  params: CheckoutParams,
  reply: Type.String({ description: 'text/event-stream' }),
});

export const pollCheckoutRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/poll',
  summary: 'Whether a checkout is paid (spec 02 §7 coop/poll): the fallback of the pushed state, asked once a second',
  tags: ['checkout'],
  access: 'user',
  params: Type.Object({ userId: Id() }, strict),
  querystring: Type.Object({ out_trade_no: OutTradeNo }, strict),
  reply: Envelope(
    Type.Object({
      out_trade_no: OutTradeNo,
      state: literals(checkoutStates),
      paid: Type.Boolean({ description: 'paid and fulfilled' }),
    }),
  ),
});
