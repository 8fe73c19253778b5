import { invoiceRefusal } from '@account-centre/contract';
import type { OrderRow } from './api/get-orders';

export type RefusalReason = 'invoiceWindowClosed' | 'selfServiceUnavailable' | 'nothingToInvoice' | 'orderRefunded';

/** What the receipt column offers for an order (spec 01 §4 "Invoice"). */
export type ReceiptAction =
  | { kind: 'download' }
  | { kind: 'pending' }
  | { kind: 'request'; failedBefore: boolean }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'other' };

/**
 * billing_success downloads; billing_pending is greyed; billing_not and billing_fail may
 * request while the server says the order can be invoiced; otherwise the refusal of §5 (the
 * 30-day window, store and bank-transfer orders, free orders, refunded orders) is told when asked.
 */
export function receiptAction(row: OrderRow, now: number): ReceiptAction {
  switch (row.invoice) {
    case 'billing_success':
      return { kind: 'download' };
    case 'billing_pending':
      return { kind: 'pending' };
    case 'billing_not':
    case 'billing_fail': {
      if (row.receipt === 'can_invoice') return { kind: 'request', failedBefore: row.invoice === 'billing_fail' };
      if (row.receipt === 'expired') return { kind: 'refused', reason: 'invoiceWindowClosed' };
      const refusal = invoiceRefusal(
        { channel: row.from, amount: row.amount, date: row.date, invoice: row.invoice, refunded: row.refunded },
        now,
      );
      return refusal && refusal !== 'invoiceExists' ? { kind: 'refused', reason: refusal } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}
