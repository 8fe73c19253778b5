import {
  CommonErrors,
  formatAmount,
  INVOICE_TITLE_MAX_LENGTH,
  invoiceKindFor,
  invoiceRefusal,
  type InvoiceState,
  type InvoiceTitleType,
  isValidTaxNumber,
  normaliseEmail,
  OrderErrors,
  type ReceiptProduct,
  receiptProductOf,
  receiptStatus,
  type ReceiptStatus,
  type Region,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { InvoicesTable } from './orders.tables.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { type AppError, appError, operatorInputError } from '../../lib/errors.js';
import { insertMessage } from '../outbox/index.js';
import * as repo from './orders.repository.js';
import { fillReceiptText, receiptMailTexts } from './receipt-mail-texts.js';
import { notify } from '../messages/index.js';
import { type NamedOrder, orderName } from './item-names.js';
import { accountLanguage } from '../user/index.js';

export interface InvoiceRequest {
  order_id: string;
  product: ReceiptProduct;
  title_type: InvoiceTitleType;
  title: string;
  tax_number?: string | undefined;
  email: string;
}

export interface InvoiceResult {
  order_id: string;
  invoice: InvoiceState;
  iv_type: number;
  receipt: ReceiptStatus;
}

const refusals = {
  selfServiceUnavailable: () => appError(OrderErrors.selfServiceUnavailable),
  nothingToInvoice: () => appError(OrderErrors.nothingToInvoice),
  invoiceWindowClosed: () => appError(OrderErrors.invoiceWindowClosed),
  orderRefunded: () => appError(OrderErrors.orderRefunded),
  invoiceExists: () => appError(OrderErrors.invoiceExists),
} satisfies Record<string, () => AppError>;

/** The order of that number and receipt product, only when it is the user's (404 otherwise). */
export async function userOrder(db: Db, userId: number, orderNo: string, product: ReceiptProduct) {
  const order = await repo.findUserOrder(db, userId, orderNo);
  // Another user's order and a wrong product answer exactly like a missing order.
  if (!order || receiptProductOf(order.product) !== product) throw appError(OrderErrors.orderNotFound);
  return order;
}

/** Receipt and invoice numbers derive from the order's id, so they are unique by construction. */
export function documentNumber(kind: 'receipt' | 'invoice', orderId: number, now: number): string {
  const day = new Date(now * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${kind === 'receipt' ? 'R' : 'E'}${day}${String(orderId).padStart(8, '0')}`;
}

/**
 * A user's request for the invoice of an order (spec 01 §4, §5): only online orders of their
 * own, within 30 days, with an amount, and only once at a time (a failed request may be
 * repeated). Domestic orders wait for an operator (billing_pending); overseas orders get their
 * receipt at once (billing_success). The claim and the notice e-mail go in one transaction.
 */
export async function requestInvoice(
  db: Db,
  userId: number,
  request: InvoiceRequest,
  now: number,
): Promise<InvoiceResult> {
  const order = await userOrder(db, userId, request.order_id, request.product);
  const refusal = invoiceRefusal(
    {
      channel: order.channel,
      amount: order.amount,
      date: order.ordered_at,
      invoice: order.invoice_state ?? 'billing_not',
      refunded: order.refunded_at !== null,
    },
    now,
  );
  if (refusal) throw refusals[refusal]();

  const title = request.title.trim();
  if (title.length === 0 || title.length > INVOICE_TITLE_MAX_LENGTH) throw appError(OrderErrors.invoiceInfoWrong);
  let taxNumber: string | null = null;
  if (request.title_type === 'company') {
    // A company invoice is made out to its tax number; one that cannot be right would be
    // refused by the tax office later (spec 01 §8: wrong invoice information).
    const value = request.tax_number?.trim().toUpperCase() ?? '';
    if (!isValidTaxNumber(value, order.region)) throw appError(OrderErrors.invoiceInfoWrong);
    taxNumber = value;
  }
  const email = normaliseEmail(request.email);

  const overseas = order.region === 'overseas';
  const ivType = invoiceKindFor(order.region);
  const state: InvoicesTable['state'] = overseas ? 'billing_success' : 'billing_pending';
  const claimed = await db.transaction().execute(async (trx) => {
    await repo.lockOrder(trx, order.id);
    const row = await repo.claimInvoice(trx, {
      order_id: order.id,
      user_id: userId,
      state,
      iv_type: ivType,
      title_type: request.title_type,
      title,
      tax_number: taxNumber,
      email,
      number: overseas ? documentNumber('receipt', order.id, now) : null,
      requested_at: now,
      issued_at: overseas ? now : null,
      failed_at: null,
      fail_reason: null,
      updated_at: now,
    });
    if (row && overseas) {
      await insertMessage(trx, await receiptReadyMessage(trx, email, { ...order, user_id: userId }, 'overseas'), now);
      await notify(trx, userId, 'invoiceIssued', { order: order.order_no }, now);
    }
    return row;
  });
  // No row: a concurrent request for the same order won the claim.
  if (!claimed) throw appError(OrderErrors.invoiceExists);
  return {
    order_id: order.order_no,
    invoice: claimed.state,
    iv_type: claimed.iv_type,
    receipt: receiptStatus(
      { channel: order.channel, amount: order.amount, date: order.ordered_at, invoice: claimed.state },
      now,
    ),
  };
}

interface NoticeOrder extends NamedOrder {
  order_no: string;
  amount: number;
  currency: 'CNY' | 'USD';
}

// An e-mail about a person's order is in the language they chose, else their order's region's
// (docs/decisions/058); the order is named in that language too.
async function receiptReadyMessage(db: Db, email: string, order: NoticeOrder & { user_id: number }, region: Region) {
  const language = await accountLanguage(db, order.user_id, region);
  const texts = receiptMailTexts[language];
  const values = {
    order: order.order_no,
    product: orderName(order, language),
    amount: formatAmount(order.amount, order.currency),
  };
  return {
    channel: 'email' as const,
    recipient: email,
    subject: fillReceiptText(texts.readySubject, values),
    body: fillReceiptText(texts.readyBody, values),
  };
}

async function invoiceFailedMessage(db: Db, email: string, order: NoticeOrder & { user_id: number; region: Region }) {
  const language = await accountLanguage(db, order.user_id, order.region);
  const texts = receiptMailTexts[language];
  const values = { order: order.order_no, product: orderName(order, language), amount: '' };
  return {
    channel: 'email' as const,
    recipient: email,
    subject: fillReceiptText(texts.failedSubject, values),
    body: fillReceiptText(texts.failedBody, values),
  };
}

async function pendingOrder(db: Db, orderNo: string) {
  const order = await repo.findOrderByNo(db, orderNo);
  if (!order) throw appError(OrderErrors.orderNotFound);
  return order;
}

/**
 * Operator: issues a pending invoice, with the number the tax system gave it (generated when
 * absent), and tells the requester by e-mail. Only a pending invoice moves.
 */
export async function issueInvoice(db: Db, orderNo: string, number: string | undefined, now: number) {
  const order = await pendingOrder(db, orderNo);
  const invoiceNumber = number?.trim() || documentNumber('invoice', order.id, now);
  if (!/^[A-Za-z0-9-]{4,40}$/.test(invoiceNumber))
    throw operatorInputError('invoice number must be 4 to 40 letters, digits or -');
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.markInvoiceIssued(trx, order.id, invoiceNumber, now);
      if (!row) throw appError(OrderErrors.invoiceNotPending);
      await insertMessage(trx, await receiptReadyMessage(trx, row.email, order, order.region), now);
      await notify(trx, order.user_id, 'invoiceIssued', { order: order.order_no }, now);
      return { order_id: order.order_no, invoice: row.state, number: row.number, iv_type: row.iv_type };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw operatorInputError('invoice number exists', CommonErrors.conflict);
    throw error;
  }
}

/** Operator: a pending invoice could not be issued; the user may request it again. */
export async function failInvoice(db: Db, orderNo: string, reason: string, now: number) {
  const order = await pendingOrder(db, orderNo);
  const why = reason.trim();
  if (why.length === 0 || why.length > 200) throw operatorInputError('reason must have 1 to 200 characters');
  return db.transaction().execute(async (trx) => {
    const row = await repo.markInvoiceFailed(trx, order.id, why, now);
    if (!row) throw appError(OrderErrors.invoiceNotPending);
    const invoice = await repo.findInvoice(trx, order.id);
    if (invoice) await insertMessage(trx, await invoiceFailedMessage(trx, invoice.email, order), now);
    return { order_id: order.order_no, invoice: row.state, reason: why };
  });
}

/** Operator: invoices waiting in a state (pending by default), oldest first. */
export function listInvoices(db: Db, state: InvoicesTable['state'] = 'billing_pending', limit = 100) {
  return repo.listInvoicesByState(db, state, limit);
}
