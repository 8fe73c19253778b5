import type { OrderRow } from '@account-centre/contract';
import {
  CommonErrors,
  FOREVER_EXPIRY,
  type PersonalPlatform,
  personalPlatforms,
  currencies,
  type Currency,
  currencyOfRegion,
  INVOICE_WINDOW_SECONDS,
  InvoiceKind,
  type OrderChannel,
  orderChannels,
  orderEndDate,
  type OrderList,
  orderListOf,
  type OrderProductCode,
  orderProductCodes,
  orderProductsOfList,
  orderStatus,
  receiptProductOf,
  receiptStatus,
  type Language,
  type Region,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import { randomDigits } from '../../lib/secrets.js';
import { findCourse } from '../courses/index.js';
import { lockLicenceHolder } from '../grants/index.js';
import { notify } from '../messages/index.js';
import { findAccountSettings } from '../user/index.js';
import { type ItemTarget, orderName } from './item-names.js';
import { grantOrderEntitlements } from './order-grants.js';
import * as repo from './orders.repository.js';

export type OrderRowDto = Static<typeof OrderRow>;

/** The platforms the licence an order bought covers; null when it bought none. */
function licencePlatformsOf(order: repo.OrderWithInvoice): PersonalPlatform[] | null {
  const covered = personalPlatforms.filter((platform) => order[`licence_${platform}`] !== null);
  return covered.length > 0 ? covered : null;
}

/**
 * An order as the history shows it (spec 01 §3 "Order data", "Order history row"), named in the
 * reader's language (docs/decisions/058); without one, by the sentence it was recorded with.
 */
export function toOrderRow(order: repo.OrderWithInvoice, now: number, language?: Language): OrderRowDto {
  const invoice = order.invoice_state ?? 'billing_not';
  const refunded = order.refunded_at !== null;
  const endDate = orderEndDate({
    product: order.product,
    type: order.type,
    date: order.ordered_at,
    exp: order.exp,
    region: order.region,
  });
  return {
    list: orderListOf(order.product),
    product: order.product,
    receipt_product: receiptProductOf(order.product),
    type: order.type,
    order_id: order.order_no,
    product_name: language ? orderName(order, language) : order.product_name,
    quantity: order.quantity,
    date: order.ordered_at,
    exp: order.exp,
    endDate,
    status: orderStatus(endDate, now),
    more: order.more,
    platforms: licencePlatformsOf(order),
    version: order.licence_version,
    amount: order.amount,
    currency: order.currency,
    from: order.channel,
    agent: order.agent,
    region: order.region,
    iv_type: order.iv_type ?? InvoiceKind.none,
    invoice,
    receipt: receiptStatus(
      { channel: order.channel, amount: order.amount, date: order.ordered_at, invoice, refunded },
      now,
    ),
    invoice_deadline: order.ordered_at + INVOICE_WINDOW_SECONDS,
    refunded,
  };
}

export interface HistoryQuery {
  offset: number;
  count: number;
  list?: OrderList | undefined;
}

/** A page of the user's order history and the number of all its rows, named in the reader's language. */
export async function orderHistory(db: Db, userId: number, query: HistoryQuery, now: number, language: Language) {
  const products = query.list ? orderProductsOfList(query.list) : null;
  const [rows, count] = await Promise.all([
    repo.listOrders(db, userId, { offset: query.offset, count: query.count, products }),
    repo.countOrders(db, userId, products),
  ]);
  return { rows: rows.map((row) => toOrderRow(row, now, language)), count };
}

export interface RecordOrderInput {
  userId: number;
  /**
   * Whether the buyer gets a "payment received" message (default yes). The demo's orders are its
   * past, told of long ago: they send none.
   */
  tellBuyer?: boolean;
  product: OrderProductCode;
  type: number;
  /** The sentence the order is recorded with, shown where it has no catalogue item. */
  productName: string;
  /** The checkout catalogue item it was bought as, which names it in each reader's language. */
  item?: { key: string; target: ItemTarget | null } | undefined;
  /** Minor units (fen, cents). */
  amount: number;
  channel: OrderChannel;
  quantity?: number;
  /** Default: the user's region. */
  region?: Region;
  /** Default: the region's currency (spec 01 §1: yuan domestic, USD overseas). */
  currency?: Currency;
  /** Default: now. */
  orderedAt?: number;
  exp?: number | null;
  more?: string | null;
  agent?: string | null;
  /** A store's own order number; generated when absent. */
  orderNo?: string;
  /** Platforms the licence covers; default the product's and plan's (`defaultOrderPlatforms`). */
  platforms?: readonly PersonalPlatform[];
  /** Buys this version of the product for ever (a perpetual licence). */
  version?: string | null;
  /** The store's product id of a subscription (5371, 5380, 5370, 5378 are cancellable overseas). */
  productId?: number | null;
  /** A store subscription that renews itself; default the catalogue plan's own. */
  renews?: boolean;
  /** The lesson id a course order (maxlessonRecord, mindlessonRecord) buys, held for good. */
  course?: string | null;
  /**
   * Default yes: the order gives the licence its product and type give. No for an order whose
   * buyer gives what it bought themselves (a business plan, held by the company).
   */
  givesLicence?: boolean;
}

/** What a course order's product code buys: a course of this product. */
const courseOrderProducts: Partial<Record<OrderProductCode, 'max' | 'mind'>> = {
  maxlessonRecord: 'max',
  mindlessonRecord: 'mind',
};

/** A course order names a course of the academy of its own product; no other order names one. */
async function checkCourseOrder(trx: Db, input: RecordOrderInput): Promise<void> {
  const product = courseOrderProducts[input.product];
  if (product === undefined) {
    if (input.course != null)
      throw operatorInputError('only a course order (maxlessonRecord, mindlessonRecord) buys a course');
    return;
  }
  if (input.course == null) throw operatorInputError('a course order names the course it buys (--course)');
  const course = await findCourse(trx, input.course);
  if (!course) throw operatorInputError('no such course');
  if (course.product !== product) throw operatorInputError(`${input.product} buys a course of ${product}`);
}

const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** An order number: the UTC date and time of recording and six random digits. */
export function newOrderNo(now: number): string {
  const stamp = new Date(now * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${randomDigits(6)}`;
}

function checkOrderInput(input: RecordOrderInput): void {
  if (!(orderProductCodes as readonly string[]).includes(input.product)) throw operatorInputError('unknown product');
  if (!(orderChannels as readonly string[]).includes(input.channel)) throw operatorInputError('unknown channel');
  if (!Number.isSafeInteger(input.type) || input.type < 0) throw operatorInputError('type must be a whole number ≥ 0');
  if (!Number.isSafeInteger(input.amount) || input.amount < 0) {
    throw operatorInputError('amount must be a whole number of minor units ≥ 0');
  }
  const quantity = input.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 10_000)
    throw operatorInputError('quantity must be 1 to 10000');
  const productName = input.productName.trim();
  if (productName.length === 0 || productName.length > 200)
    throw operatorInputError('product name must have 1 to 200 characters');
  if (input.orderedAt !== undefined && (!Number.isSafeInteger(input.orderedAt) || input.orderedAt <= 0))
    throw operatorInputError('date must be unix seconds');
  if (input.exp != null && (!Number.isSafeInteger(input.exp) || input.exp <= (input.orderedAt ?? 0))) {
    throw operatorInputError('exp must be unix seconds after the order date');
  }
  if (input.orderNo !== undefined && !ORDER_NO_PATTERN.test(input.orderNo)) {
    throw operatorInputError('order number must be 1 to 40 letters, digits, _ or -');
  }
  if (input.currency !== undefined && !(currencies as readonly string[]).includes(input.currency)) {
    throw operatorInputError('unknown currency');
  }
  if ((input.more?.length ?? 0) > 500 || (input.agent?.length ?? 0) > 100)
    throw operatorInputError('detail or agent too long');
  if (input.platforms?.some((p) => !(personalPlatforms as readonly string[]).includes(p)))
    throw operatorInputError(`platforms are ${personalPlatforms.join(', ')}`);
  const version = input.version?.trim();
  if (version !== undefined && (version.length === 0 || version.length > 40))
    throw operatorInputError('version must have 1 to 40 characters');
  if (input.productId != null && (!Number.isSafeInteger(input.productId) || input.productId < 0))
    throw operatorInputError('product id must be a whole number ≥ 0');
}

/**
 * Records an order of any product, type, channel, date and price (docs/architecture.md#operator-cli: store and
 * bank-transfer orders, the demo) together with what it gives, in one transaction. Returns it
 * as the user's history shows it.
 */
export async function recordOrder(db: Db, input: RecordOrderInput, now: number): Promise<OrderRowDto> {
  checkOrderInput(input);
  return db.transaction().execute((trx) => recordOrderIn(trx, input, now));
}

/**
 * Records a paid order and its grants in the caller's transaction: the order row, then through
 * the grants module the licence it buys and its plan's extras (`orderGrants`), each keyed by the
 * order number so the same order never grants twice. The history's end date and the licence
 * come from the same rule (`orderLicence`), so they cannot disagree.
 */
export async function recordOrderIn(trx: Db, input: RecordOrderInput, now: number): Promise<OrderRowDto> {
  checkOrderInput(input);
  if (!(await lockLicenceHolder(trx, input.userId))) throw operatorInputError('user not found', CommonErrors.notFound);
  await checkCourseOrder(trx, input);
  const account = await findAccountSettings(trx, input.userId);
  if (!account) throw new Error(`user ${input.userId} vanished under its lock`);
  const region = input.region ?? account.region;
  const orderedAt = input.orderedAt ?? now;
  const version = input.version?.trim() || null;
  const values = {
    user_id: input.userId,
    product: input.product,
    type: input.type,
    product_name: input.productName.trim(),
    item: input.item?.key ?? null,
    item_target: input.item?.target ?? null,
    quantity: input.quantity ?? 1,
    amount: input.amount,
    currency: input.currency ?? currencyOfRegion(region),
    channel: input.channel,
    region,
    agent: input.agent?.trim() || null,
    more: input.more?.trim() || null,
    ordered_at: orderedAt,
    // A perpetual version is used for ever: its history row says so.
    exp: input.exp ?? (version ? FOREVER_EXPIRY : null),
    created_at: now,
  } satisfies Omit<repo.OrderValues, 'order_no'>;

  // A generated number can collide with another one (one in a million per second): the unique
  // index decides, without a failed insert that would end the transaction on PostgreSQL, and a
  // new number is drawn. A given store number that exists is a conflict.
  let orderNo: string | null = null;
  for (let attempt = 0; orderNo === null; attempt++) {
    const candidate = input.orderNo ?? newOrderNo(now);
    if (await repo.insertOrderUnlessNumbered(trx, { ...values, order_no: candidate })) orderNo = candidate;
    else if (input.orderNo !== undefined) throw operatorInputError('order number exists', CommonErrors.conflict);
    else if (attempt >= 4) throw new Error('no free order number');
  }
  if (input.givesLicence !== false)
    await grantOrderEntitlements(
      trx,
      {
        userId: input.userId,
        orderNo,
        product: input.product,
        type: input.type,
        date: orderedAt,
        exp: values.exp,
        region,
        productName: values.product_name,
        channel: input.channel,
        platforms: input.platforms ?? null,
        version,
        productId: input.productId ?? null,
        renews: input.renews ?? null,
        course: input.course ?? null,
      },
      now,
    );
  if (input.tellBuyer !== false) await notify(trx, input.userId, 'paymentReceived', { order: orderNo }, now);
  const saved = await repo.findOrderByNo(trx, orderNo);
  if (!saved) throw new Error('the recorded order vanished');
  return toOrderRow(saved, now);
}

/** The order of a refunded checkout (same number), marked once; nothing when none was recorded. */
export async function markOrderRefunded(trx: Db, orderNo: string, now: number): Promise<void> {
  await repo.markRefunded(trx, orderNo, now);
}
