import { Type } from 'typebox';
import {
  INVOICE_TITLE_MAX_LENGTH,
  invoiceStates,
  invoiceTitleTypes,
  TAX_NUMBER_MAX_LENGTH,
} from '../catalogue/invoices.js';
import {
  currencies,
  licencePlatforms,
  orderChannels,
  personalPlatforms,
  orderLists,
  orderProductCodes,
  receiptProducts,
  subscriptionProducts,
} from '../catalogue/products.js';
import { recommendableProducts, subscriptionTypes } from '../catalogue/subscription-rules.js';
import { Envelope, ListEnvelope } from '../http/envelope.js';
import { INT4_MAX, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../rules/patterns.js';
import { UserIdParams } from './user.routes.js';

export const SubscriptionProductSchema = literals(subscriptionProducts);
export const OrderProductCodeSchema = literals(orderProductCodes);
export const OrderListSchema = literals(orderLists);
export const ReceiptProductSchema = literals(receiptProducts);
export const OrderChannelSchema = literals(orderChannels);
export const InvoiceStateSchema = literals(invoiceStates);
/** An order number as shown to the user (the spec's `order_id`). */
export const OrderNumber = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });

/**
 * A subscription record (spec 01 §3), one per product the user has. Personal expiries are
 * per platform (`*_exp`); team expiries are kept apart in `group_exp` and `group_mobile_exp`.
 * Expiries are unix seconds, null for none; past ~2119 they mean forever.
 */
export const SubscriptionRecord = Type.Object({
  product: SubscriptionProductSchema,
  type: literals(subscriptionTypes, { description: 'version (perpetual), subs (subscription) or other' }),
  name: Type.String(),
  version: Nullable(Type.String()),
  order_type: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  order_id: Nullable(Type.String({ description: 'the order that last granted or extended it' })),
  channel: Nullable(OrderChannelSchema),
  win_exp: Nullable(UnixSeconds),
  mac_exp: Nullable(UnixSeconds),
  linux_exp: Nullable(UnixSeconds),
  online_exp: Nullable(UnixSeconds),
  mobile_exp: Nullable(UnixSeconds),
  ios_exp: Nullable(UnixSeconds),
  android_exp: Nullable(UnixSeconds),
  ppt_exp: Nullable(UnixSeconds),
  group: Nullable(Type.String({ description: 'the team whose plan grants group_exp' })),
  group_exp: Nullable(UnixSeconds),
  group_mobile_exp: Nullable(UnixSeconds),
  fuser: Type.Boolean({ description: 'granted free (a gift or trial), not bought' }),
  is_99: Type.Boolean(),
  have_renew: Type.Boolean({ description: 'renews itself each period until cancelled' }),
  upgrade_time: Nullable(UnixSeconds),
  started_at: Nullable(UnixSeconds),
});

export const getAllSubscriptionsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/subscription/all',
  summary: 'Subscription records of the user, one per product (getAllSubscription)',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  reply: ListEnvelope(SubscriptionRecord),
});

/**
 * The product names of the per-product subscription reads (spec 01 §7: `subscription/mindmaster`,
 * `/max`, `/proj`, `/math`, and `lastsuborder` with a product), as the subscription records name
 * them.
 */
export const subscriptionReadProducts = { mindmaster: 'mind', max: 'max', proj: 'proj', math: 'math' } as const;
export type SubscriptionReadProduct = keyof typeof subscriptionReadProducts;
const SubscriptionReadProductSchema = literals(
  Object.keys(subscriptionReadProducts) as (keyof typeof subscriptionReadProducts)[],
);

export const getSubscriptionRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/subscription/:product',
  summary: 'The user’s subscription record of one product (mindmaster, max, proj or math), or null when there is none',
  tags: ['orders'],
  access: 'user',
  params: Type.Object({ userId: UserIdParams.properties.userId, product: SubscriptionReadProductSchema }, strict),
  reply: Envelope(Nullable(SubscriptionRecord)),
});

export const cancelSubscriptionRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/subscription/scheme-cancel',
  summary: 'Stop a subscription renewing itself (overseas, product ids of spec 01 §6)',
  tags: ['orders'],
  access: 'user',
  // A retry after a lost answer hears the first success, not "cancel unavailable".
  idempotent: true,
  params: UserIdParams,
  body: Type.Object({ product: SubscriptionProductSchema }, strict),
  reply: Envelope(SubscriptionRecord),
});

/** A plan date: unix seconds, `forever`, or null when not known (not shown). */
export const PlanDateSchema = Type.Union([UnixSeconds, Type.Literal('forever'), Type.Null()]);

/** A licence row of the order screen (spec 01 §3 "Licence row"). */
export const LicenceRow = Type.Object({
  product: SubscriptionProductSchema,
  productName: Type.String(),
  icon: Type.String({ description: 'the product whose icon the card shows' }),
  v_product: Type.String({ description: 'licence family of the product' }),
  scope: Type.Union([Type.Literal('personal'), Type.Literal('team')]),
  group: Nullable(Type.String()),
  type: Type.Integer({ description: '-1 permanent, -2 timed' }),
  platforms: Type.Array(literals(licencePlatforms)),
  state: Type.Union([Type.Literal('forever'), Type.Literal('active'), Type.Literal('expired')]),
  endTime: PlanDateSchema,
  updateEndTime: PlanDateSchema,
  serviceEndTime: PlanDateSchema,
  upgrade_service_years: Nullable(Type.Integer({ description: 'named only for the project product' })),
  can_renew: Type.Boolean(),
  showCancel: Type.Boolean(),
  showManage: Type.Boolean({ description: 'overseas store subscription: a manage link replaces cancel' }),
  manage_url: Nullable(Type.String()),
  renewal: Nullable(
    Type.Union([Type.Literal('auto'), Type.Literal('cancelled')], {
      description: 'auto: renews itself; cancelled: its renewal was stopped; null: a plan without renewal',
    }),
  ),
  order_id: Nullable(Type.String()),
  v_type: Nullable(Type.Integer()),
  v_version: Nullable(Type.String()),
});

export const getLicencesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/license',
  summary: 'Licence rows per product, platform group and scope, with plan dates and actions',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  reply: ListEnvelope(LicenceRow),
});

/** Order history: 3 per page on desktop (spec 01 §2, §9). */
export const ORDER_PAGE_SIZE = 3;
export const ORDER_PAGE_SIZE_MAX = 50;

/** What the receipt column of an order shows. */
export const ReceiptColumnSchema = Type.Union(
  [
    Type.Literal('can_invoice'),
    Type.Literal('invoicing'),
    Type.Literal('succeeded'),
    Type.Literal('cannot_invoice'),
    Type.Literal('expired'),
  ],
  { description: 'the receipt column' },
);

/**
 * An order of the history (spec 01 §3 "Order data" and "Order history row"): the spec's
 * order fields, the list it belongs to, and what the history shows of it.
 */
export const OrderRow = Type.Object({
  list: OrderListSchema,
  product: OrderProductCodeSchema,
  receipt_product: ReceiptProductSchema,
  type: Type.Integer(),
  order_id: OrderNumber,
  product_name: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  date: UnixSeconds,
  exp: Nullable(UnixSeconds),
  endDate: Type.Union([Type.Literal('using'), Type.Literal('unknown'), UnixSeconds]),
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('unknown')]),
  more: Nullable(Type.String({ description: 'detail column' })),
  platforms: Nullable(
    Type.Array(literals(personalPlatforms), {
      description: 'the platforms the licence it bought covers (detail column); null: it bought no licence',
    }),
  ),
  version: Nullable(
    Type.String({ description: 'the perpetual version its licence bought, which names it; null: a dated plan' }),
  ),
  amount: Type.Integer({ minimum: 0, description: 'minor units (fen, cents)' }),
  currency: literals(currencies),
  from: OrderChannelSchema,
  agent: Nullable(Type.String()),
  region: Type.Union([Type.Literal('domestic'), Type.Literal('overseas')]),
  iv_type: Type.Integer({ description: '0 none, 1 ordinary electronic invoice, 2 receipt' }),
  invoice: InvoiceStateSchema,
  receipt: ReceiptColumnSchema,
  invoice_deadline: UnixSeconds,
  /** The money went back to the buyer (an operator's refund) and what it gave was taken back. */
  refunded: Type.Boolean(),
});

export const getOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/order',
  summary: 'Order history, newest first, paged; `list` keeps one of the spec’s order lists (getOrder)',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object({
    offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
    count: Type.Integer({ minimum: 1, maximum: ORDER_PAGE_SIZE_MAX, default: ORDER_PAGE_SIZE }),
    list: Type.Optional(OrderListSchema),
  }),
  reply: ListEnvelope(OrderRow),
});

export const getLastSubscriptionOrderRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/lastsuborder',
  summary:
    'The order that last granted or extended the user’s subscription of a product, as the order history shows it; null when none did (a gift, a code)',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object({ product: SubscriptionReadProductSchema }, strict),
  reply: Envelope(Nullable(OrderRow)),
});

const StorageFigure = Type.Object({
  max: Type.Integer({ minimum: 0, description: 'bytes' }),
  used: Type.Integer({ minimum: 0, description: 'bytes' }),
});

export const StorageSummary = Type.Object({
  project: StorageFigure,
  whiteboard: StorageFigure,
  mindmap: StorageFigure,
});

export const getStorageRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/storage',
  summary: 'Cloud storage for project, whiteboard and mind-map, in bytes',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(StorageSummary),
});

export const InvoiceResult = Type.Object({
  order_id: OrderNumber,
  invoice: InvoiceStateSchema,
  iv_type: Type.Integer(),
  receipt: ReceiptColumnSchema,
});

export const requestInvoiceRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/invoice',
  summary:
    'Request the invoice or receipt of an order (within 30 days, online orders only); domestic requests wait for an operator, overseas receipts are issued at once',
  tags: ['orders'],
  access: 'user',
  // A retry after a lost answer hears the first success, not "only once".
  idempotent: true,
  params: UserIdParams,
  body: Type.Object(
    {
      order_id: OrderNumber,
      product: ReceiptProductSchema,
      title_type: literals(invoiceTitleTypes),
      title: Text({ minLength: 1, maxLength: INVOICE_TITLE_MAX_LENGTH }),
      tax_number: Type.Optional(Text({ minLength: 1, maxLength: TAX_NUMBER_MAX_LENGTH })),
      email: Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH }),
    },
    strict,
  ),
  reply: Envelope(InvoiceResult),
});

export const getRecommendationsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/recommendation',
  summary:
    'Products to recommend: not yet bought, with the hiding rules for the region (by host), the language and the page’s product id',
  tags: ['orders'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object({
    lang: Type.Optional(Text({ maxLength: 8, description: 'language of the page (spec 01 §1)' })),
    pid: Type.Optional(
      Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'the page’s product id (spec 01 §2)' }),
    ),
  }),
  reply: ListEnvelope(literals(recommendableProducts)),
});

/** How long a receipt download link works. */
export const RECEIPT_LINK_TTL_SECONDS = 600;

export const getReceiptLinkRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/invoice/pdf',
  summary: 'A signed, expiring download link for an issued receipt (getInvoiceDownloadURL)',
  tags: ['orders'],
  access: 'user',
  // A download the desktop client starts (downloadInvoice); the link it answers needs no token.
  tokenInQuery: true,
  params: UserIdParams,
  querystring: Type.Object({ order_id: OrderNumber, product: ReceiptProductSchema }),
  reply: Envelope(Type.Object({ url: Type.String(), expires_at: UnixSeconds })),
});

export const downloadReceiptRoute = defineRoute({
  method: 'GET',
  path: '/api/files/receipt/:orderId',
  summary: 'The receipt PDF behind a signed link; an expired link answers msg ER101',
  tags: ['orders'],
  access: 'public',
  params: Type.Object({ orderId: OrderNumber }, strict),
  querystring: Type.Object(
    {
      expires: UnixSeconds,
      signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    },
    strict,
  ),
  reply: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' }),
});
