import { describe, expect, it } from 'vitest';
import { INVOICE_WINDOW_SECONDS } from '@account-centre/contract';
import type { OrderRow } from './api/get-orders';
import { receiptAction } from './receipt-state';

const NOW = 1_800_000_000;
const order = (overrides: Partial<OrderRow>): OrderRow => ({
  list: 'maxorders',
  product: 'max',
  receipt_product: 'max',
  refunded: false,
  type: 209,
  order_id: 'A1',
  product_name: 'Diagram 1 year',
  quantity: 1,
  date: NOW - 86_400,
  exp: null,
  endDate: NOW + 86_400 * 300,
  status: 'active',
  more: null,
  platforms: null,
  version: null,
  amount: 28_000,
  currency: 'CNY',
  from: 'online',
  agent: null,
  region: 'domestic',
  iv_type: 0,
  invoice: 'billing_not',
  receipt: 'can_invoice',
  invoice_deadline: NOW + INVOICE_WINDOW_SECONDS,
  ...overrides,
});

describe('the receipt column', () => {
  it('lets billing_not and billing_fail request', () => {
    expect(receiptAction(order({}), NOW)).toEqual({ kind: 'request', failedBefore: false });
    expect(receiptAction(order({ invoice: 'billing_fail' }), NOW)).toEqual({ kind: 'request', failedBefore: true });
  });

  it('greys billing_pending and downloads billing_success', () => {
    expect(receiptAction(order({ invoice: 'billing_pending', receipt: 'invoicing' }), NOW)).toEqual({
      kind: 'pending',
    });
    expect(receiptAction(order({ invoice: 'billing_success', receipt: 'succeeded' }), NOW)).toEqual({
      kind: 'download',
    });
  });

  it('refuses past the 30-day window', () => {
    const old = order({ date: NOW - INVOICE_WINDOW_SECONDS - 1, receipt: 'expired' });
    expect(receiptAction(old, NOW)).toEqual({ kind: 'refused', reason: 'invoiceWindowClosed' });
  });

  it('refuses store, bank-transfer and free orders with their own reason', () => {
    for (const from of ['app_store', 'lenovo_store', 'bank_transfer'] as const) {
      expect(receiptAction(order({ from, receipt: 'cannot_invoice' }), NOW)).toEqual({
        kind: 'refused',
        reason: 'selfServiceUnavailable',
      });
    }
    expect(receiptAction(order({ amount: 0, receipt: 'cannot_invoice' }), NOW)).toEqual({
      kind: 'refused',
      reason: 'nothingToInvoice',
    });
    expect(receiptAction(order({ refunded: true, receipt: 'cannot_invoice' }), NOW)).toEqual({
      kind: 'refused',
      reason: 'orderRefunded',
    });
  });
});
