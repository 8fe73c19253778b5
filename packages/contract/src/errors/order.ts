import { defineErrors } from './define.js';

/**
 * Failures of the order, invoice and receipt calls (spec 01 §5, §8). Texts in `order`, which
 * loads with the order screen. Their msgs mean something of their own here: `only once` is
 * "a receipt was already requested", not a used sign-in code.
 */
export const OrderErrors = defineErrors('order:errors.', {
  /** The order does not exist, or is not the caller's: the two are never told apart. */
  orderNotFound: { msg: 'not exists', status: 404 },
  /** Spec 01 §8: "Only supports invoices for orders within 30 days". */
  invoiceWindowClosed: { msg: 'only within 30 days', status: 400 },
  /** Spec 01 §5, §8: store and bank-transfer orders — self-service invoicing unavailable. */
  selfServiceUnavailable: { msg: 'self-service unavailable', status: 400 },
  /** Spec 01 §8: wrong invoice information (a tax number that cannot be right). */
  invoiceInfoWrong: { msg: 'wrong invoice information', status: 400 },
  /** A free order has nothing to invoice. */
  nothingToInvoice: { msg: 'nothing to invoice', status: 400 },
  /** The order was refunded: there is nothing to invoice any more. */
  orderRefunded: { msg: 'order refunded', status: 409 },
  /** An invoice is already being issued or was issued for this order. */
  invoiceExists: { msg: 'only once', status: 409 },
  /** The receipt has not been issued (yet, or the request failed). */
  receiptNotIssued: { msg: 'receipt not issued', status: 409 },
  /** Spec 01 §8: server error ER101 — the receipt link expired (downloadReceiptExpire). */
  receiptExpired: { msg: 'ER101', status: 403 },
  /** A receipt link whose signature does not match. */
  receiptLinkInvalid: { msg: 'invalid link', status: 403 },
  /** The invoice is not in the state the operator's action needs. */
  invoiceNotPending: { msg: 'not pending', status: 409 },
  /** The subscription cannot be cancelled here (spec 01 §6). */
  cancelUnavailable: { msg: 'cancel unavailable', status: 409 },
});
