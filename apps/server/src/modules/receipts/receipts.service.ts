import { buildLanguage, OrderErrors, RECEIPT_LINK_TTL_SECONDS, type ReceiptProduct } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { findInvoice, findOrderByNo, orderName, userOrder } from '../orders/index.js';
import { receiptLinkSignatureMatches, signReceiptLink } from './receipt-links.js';
import { renderReceiptPdf } from './receipt-pdf.js';

/** Who issues the receipts, as printed on them. */
export const RECEIPT_ISSUER = 'Account Centre';

/**
 * A signed, expiring link to the receipt of one of the user's orders (spec 01 §7
 * getInvoiceDownloadURL). Only an issued receipt has a link; another user's order is not found.
 */
export async function receiptLink(
  db: Db,
  secret: string,
  userId: number,
  orderNo: string,
  product: ReceiptProduct,
  now: number,
  origin: string,
): Promise<{ url: string; expires_at: number }> {
  const order = await userOrder(db, userId, orderNo, product);
  if (order.invoice_state !== 'billing_success') throw appError(OrderErrors.receiptNotIssued);
  const expires = now + RECEIPT_LINK_TTL_SECONDS;
  const signature = signReceiptLink(secret, order.order_no, order.user_id, expires);
  const query = new URLSearchParams({ expires: String(expires), signature });
  return {
    url: `${origin}/api/files/receipt/${encodeURIComponent(order.order_no)}?${query.toString()}`,
    expires_at: expires,
  };
}

/** An expired receipt link (spec 01 §8: server error ER101 → downloadReceiptExpire). */
export const receiptExpired = () => appError(OrderErrors.receiptExpired);

/**
 * The receipt PDF behind a signed link. A link that was not made by this server, or was
 * changed, is refused the same way whether or not the order exists; a genuine link past its
 * expiry answers ER101. The PDF is rendered from the order and its invoice each time, so it
 * always shows what the records say and no file store is needed.
 */
export async function openReceipt(
  db: Db,
  secret: string,
  orderNo: string,
  expires: number,
  signature: string,
  now: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const order = await findOrderByNo(db, orderNo);
  if (!order || !receiptLinkSignatureMatches(secret, order.order_no, order.user_id, expires, signature)) {
    throw appError(OrderErrors.receiptLinkInvalid);
  }
  if (expires <= now) throw receiptExpired();
  const invoice = await findInvoice(db, order.id);
  if (!invoice || invoice.state !== 'billing_success' || !invoice.number || !invoice.issued_at) {
    throw appError(OrderErrors.receiptNotIssued);
  }
  const pdf = await renderReceiptPdf({
    region: order.region,
    number: invoice.number,
    issuedAt: invoice.issued_at,
    orderNo: order.order_no,
    orderedAt: order.ordered_at,
    // The receipt's own language: Chinese (beside English labels) at home, English overseas.
    productName: orderName(order, buildLanguage(order.region)),
    detail: order.more,
    quantity: order.quantity,
    amount: order.amount,
    currency: order.currency,
    channel: order.channel,
    billTo: {
      titleType: invoice.title_type,
      title: invoice.title,
      taxNumber: invoice.tax_number,
      email: invoice.email,
    },
    issuer: RECEIPT_ISSUER,
  });
  return { pdf, filename: `receipt-${order.order_no}.pdf` };
}
