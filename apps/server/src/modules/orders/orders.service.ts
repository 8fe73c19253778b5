import type { OrderRow } from '@account-centre/contract';
import {
  CommonErrors,
  currencies,
  type Currency,
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
  type Region,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { operatorInputError } from '../../lib/errors.js';
import { randomDigits } from '../../lib/secrets.js';
import * as repo from './orders.repository.js';

export type OrderRowDto = Static<typeof OrderRow>;

/** An order as the history shows it (spec 01 §3 "Order data", "Order history row"). */
export function toOrderRow(order: repo.OrderWithInvoice, now: number): OrderRowDto {
  const invoice = order.invoice_state ?? 'billing_not';
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
    product_name: order.product_name,
    quantity: order.quantity,
    date: order.ordered_at,
    exp: order.exp,
    endDate,
    status: orderStatus(endDate, now),
    more: order.more,
    amount: order.amount,
    currency: order.currency,
    from: order.channel,
    agent: order.agent,
    region: order.region,
    iv_type: order.iv_type ?? InvoiceKind.none,
    invoice,
    receipt: receiptStatus({ channel: order.channel, amount: order.amount, date: order.ordered_at, invoice }, now),
    invoice_deadline: order.ordered_at + INVOICE_WINDOW_SECONDS,
  };
}

export interface HistoryQuery {
  offset: number;
  count: number;
  list?: OrderList | undefined;
}

/** A page of the user's order history and the number of all its rows. */
export async function orderHistory(db: Db, userId: number, query: HistoryQuery, now: number) {
  const products = query.list ? orderProductsOfList(query.list) : null;
  const [rows, count] = await Promise.all([
    repo.listOrders(db, userId, { offset: query.offset, count: query.count, products }),
    repo.countOrders(db, userId, products),
  ]);
  return { rows: rows.map((row) => toOrderRow(row, now)), count };
}

export interface RecordOrderInput {
  userId: number;
  product: OrderProductCode;
  type: number;
  productName: string;
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
}

const ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** An order number: the UTC date and time of recording and six random digits. */
export function newOrderNo(now: number): string {
  const stamp = new Date(now * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${randomDigits(6)}`;
}

/**
 * Operator: records an order of any product, type, channel, date and price (DESIGN §9, e.g.
 * store orders). Returns it as the user's history shows it.
 */
export async function recordOrder(db: Db, input: RecordOrderInput, now: number): Promise<OrderRowDto> {
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
  const orderedAt = input.orderedAt ?? now;
  if (!Number.isSafeInteger(orderedAt) || orderedAt <= 0) throw operatorInputError('date must be unix seconds');
  if (input.exp != null && (!Number.isSafeInteger(input.exp) || input.exp <= orderedAt)) {
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

  const user = await db.selectFrom('users').select('region').where('id', '=', input.userId).executeTakeFirst();
  if (!user) throw operatorInputError('user not found', CommonErrors.notFound);
  const region = input.region ?? user.region;
  const values = {
    user_id: input.userId,
    product: input.product,
    type: input.type,
    product_name: productName,
    quantity,
    amount: input.amount,
    currency: input.currency ?? (region === 'domestic' ? 'CNY' : 'USD'),
    channel: input.channel,
    region,
    agent: input.agent?.trim() || null,
    more: input.more?.trim() || null,
    ordered_at: orderedAt,
    exp: input.exp ?? null,
    created_at: now,
  } satisfies Omit<repo.OrderValues, 'order_no'>;

  // A generated number can collide with another one (one in a million per second): the unique
  // index decides and a new number is drawn. A given store number that exists is a conflict.
  for (let attempt = 0; ; attempt++) {
    const orderNo = input.orderNo ?? newOrderNo(now);
    try {
      await repo.insertOrder(db, { ...values, order_no: orderNo });
      const saved = await repo.findOrderByNo(db, orderNo);
      if (!saved) throw new Error('the recorded order vanished');
      return toOrderRow(saved, now);
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      if (input.orderNo !== undefined) throw operatorInputError('order number exists', CommonErrors.conflict);
      if (attempt >= 4) throw error;
    }
  }
}
