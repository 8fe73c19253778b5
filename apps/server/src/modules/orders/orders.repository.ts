import type { Db } from '../../db/database.js';
import type { InvoicesTable, OrdersTable } from './orders.tables.js';
import type { Insertable, Selectable } from 'kysely';
import { personalPlatforms } from '@account-centre/contract';
import { licencesOfOrders, type OrderLicence } from '../grants/index.js';

export type OrderValues = Insertable<OrdersTable>;
export type InvoiceValues = Insertable<InvoicesTable>;

/**
 * An order with its invoice state (`invoice_state` null means billing_not) and the platforms of
 * the licence it bought, if any (decision 022, "Licences"): `licence_version`, the perpetual
 * version it bought, null for a dated plan or no licence.
 */
export interface OrderWithInvoice extends Selectable<OrdersTable>, OrderLicence {
  invoice_state: InvoicesTable['state'] | null;
  iv_type: number | null;
}

function ordersWithInvoice(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
    .select(['invoices.state as invoice_state', 'invoices.iv_type as iv_type']);
}

const noLicence: OrderLicence = {
  licence_version: null,
  ...(Object.fromEntries(personalPlatforms.map((p) => [`licence_${p}`, null])) as Omit<
    OrderLicence,
    'licence_version'
  >),
};

/** Each order with the licence it bought, which the grants module holds. */
async function withLicences<O extends Selectable<OrdersTable>>(db: Db, orders: O[]): Promise<(O & OrderLicence)[]> {
  const licences = await licencesOfOrders(
    db,
    orders.map((order) => order.order_no),
  );
  return orders.map((order) => ({ ...order, ...(licences.get(order.order_no) ?? noLicence) }));
}

async function oneWithLicence<O extends Selectable<OrdersTable>>(
  db: Db,
  order: O | undefined,
): Promise<(O & OrderLicence) | undefined> {
  return order ? (await withLicences(db, [order]))[0] : undefined;
}

/** Inserts the order unless its number is taken; its id, or undefined when the number was taken. */
export function insertOrderUnlessNumbered(db: Db, values: OrderValues) {
  return db
    .insertInto('orders')
    .values(values)
    .onConflict((oc) => oc.column('order_no').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * One page of a user's history, newest first. Ties on the date are broken by id, so every
 * row has one place and pages neither repeat nor skip rows.
 */
export async function listOrders(
  db: Db,
  userId: number,
  page: { offset: number; count: number; products: readonly string[] | null },
): Promise<OrderWithInvoice[]> {
  let query = ordersWithInvoice(db).where('orders.user_id', '=', userId);
  if (page.products) query = query.where('orders.product', 'in', page.products as OrdersTable['product'][]);
  const orders = await query
    .orderBy('orders.ordered_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.count)
    .offset(page.offset)
    .execute();
  return withLicences(db, orders);
}

export async function countOrders(db: Db, userId: number, products: readonly string[] | null): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId);
  if (products) query = query.where('product', 'in', products as OrdersTable['product'][]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order of that number, only when it is the user's: another user's order is not found. */
export async function findUserOrder(db: Db, userId: number, orderNo: string): Promise<OrderWithInvoice | undefined> {
  const order = await ordersWithInvoice(db)
    .where('orders.order_no', '=', orderNo)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
  return oneWithLicence(db, order);
}

/** Operator lookups, any user. */
export async function findOrderByNo(db: Db, orderNo: string): Promise<OrderWithInvoice | undefined> {
  return oneWithLicence(db, await ordersWithInvoice(db).where('orders.order_no', '=', orderNo).executeTakeFirst());
}

/**
 * Takes the one invoice request an order may have, in one statement: a new row when there is
 * none, or the failed row moved back to pending/issued. A pending or issued invoice is left
 * alone and no row comes back — so of any number of racing requests exactly one wins.
 */
/**
 * Takes the order's row lock for the rest of the transaction (a no-op update: the row lock on
 * PostgreSQL, the write lock on SQLite), so the claims of one order's invoice run one after the
 * other. Without it, concurrent claims of an overseas receipt, which carry the same document
 * number, could meet on that number's unique index instead of on the order and fail.
 */
export function lockOrder(trx: Db, orderId: number) {
  return trx
    .updateTable('orders')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', orderId)
    .execute();
}

export function claimInvoice(db: Db, values: InvoiceValues) {
  return db
    .insertInto('invoices')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          iv_type: eb.ref('excluded.iv_type'),
          title_type: eb.ref('excluded.title_type'),
          title: eb.ref('excluded.title'),
          tax_number: eb.ref('excluded.tax_number'),
          email: eb.ref('excluded.email'),
          number: eb.ref('excluded.number'),
          requests: eb('invoices.requests', '+', 1),
          requested_at: eb.ref('excluded.requested_at'),
          issued_at: eb.ref('excluded.issued_at'),
          failed_at: null,
          fail_reason: null,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('invoices.state', '=', 'billing_fail'),
    )
    .returning(['order_id', 'state', 'iv_type'])
    .executeTakeFirst();
}

/** Operator: a pending invoice becomes issued. No row back → it was not pending. */
export function markInvoiceIssued(db: Db, orderId: number, number: string, now: number) {
  return db
    .updateTable('invoices')
    .set({ state: 'billing_success', number, issued_at: now, updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'billing_pending')
    .returning(['order_id', 'state', 'number', 'email', 'iv_type'])
    .executeTakeFirst();
}

/** Operator: a pending invoice failed (the user may request again). No row back → not pending. */
export function markInvoiceFailed(db: Db, orderId: number, reason: string, now: number) {
  return db
    .updateTable('invoices')
    .set({ state: 'billing_fail', failed_at: now, fail_reason: reason, updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'billing_pending')
    .returning(['order_id', 'state'])
    .executeTakeFirst();
}

export function findInvoice(db: Db, orderId: number) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Operator: invoices in a state, oldest request first. */
export function listInvoicesByState(db: Db, state: InvoicesTable['state'], limit: number) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .select([
      'orders.order_no',
      'orders.user_id',
      'orders.product_name',
      'orders.amount',
      'orders.currency',
      'orders.ordered_at',
      'invoices.state',
      'invoices.title_type',
      'invoices.title',
      'invoices.tax_number',
      'invoices.email',
      'invoices.number',
      'invoices.requested_at',
      'invoices.fail_reason',
    ])
    .where('invoices.state', '=', state)
    .orderBy('invoices.requested_at', 'asc')
    .orderBy('invoices.order_id', 'asc')
    .limit(limit)
    .execute();
}

/** The order products a user has bought, for recommendations. */
export async function orderedProducts(db: Db, userId: number): Promise<OrdersTable['product'][]> {
  const rows = await db.selectFrom('orders').select('product').distinct().where('user_id', '=', userId).execute();
  return rows.map((row) => row.product);
}

/** What each of these orders bought (its product code), by order number; an unknown number is absent. */
export async function orderProducts(db: Db, orderNos: readonly string[]): Promise<Map<string, OrdersTable['product']>> {
  if (orderNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['order_no', 'product'])
    .where('order_no', 'in', [...new Set(orderNos)])
    .execute();
  return new Map(rows.map((row) => [row.order_no, row.product]));
}

/** Marks the order of that number refunded, once. */
export async function markRefunded(trx: Db, orderNo: string, now: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ refunded_at: now })
    .where('order_no', '=', orderNo)
    .where('refunded_at', 'is', null)
    .execute();
}
