import { describe, expect, it } from 'vitest';
import {
  INVOICE_WINDOW_SECONDS,
  type InvoiceFacts,
  InvoiceKind,
  invoiceKindFor,
  invoiceRefusal,
  isUnifiedSocialCreditCode,
  isValidTaxNumber,
  receiptStatus,
} from './invoices.js';

const now = 1_800_000_000;
const order: InvoiceFacts = { channel: 'online', amount: 28_000, date: now - 86_400, invoice: 'billing_not' };

describe('invoice requests (spec 01 §4, §5)', () => {
  it('accepts an online order within 30 days, and again after a failed request', () => {
    expect(invoiceRefusal(order, now)).toBeNull();
    expect(invoiceRefusal({ ...order, invoice: 'billing_fail' }, now)).toBeNull();
  });

  it('keeps the 30-day window to the second', () => {
    expect(invoiceRefusal({ ...order, date: now - INVOICE_WINDOW_SECONDS }, now)).toBeNull();
    expect(invoiceRefusal({ ...order, date: now - INVOICE_WINDOW_SECONDS - 1 }, now)).toBe('invoiceWindowClosed');
    expect(INVOICE_WINDOW_SECONDS).toBe(30 * 24 * 3600);
  });

  it.each(['app_store', 'lenovo_store', 'bank_transfer'] as const)(
    'sends %s orders to the store or customer service',
    (channel) => {
      expect(invoiceRefusal({ ...order, channel }, now)).toBe('selfServiceUnavailable');
      expect(receiptStatus({ ...order, channel }, now)).toBe('cannot_invoice');
    },
  );

  it('refuses a second request while one is pending or issued', () => {
    expect(invoiceRefusal({ ...order, invoice: 'billing_pending' }, now)).toBe('invoiceExists');
    expect(invoiceRefusal({ ...order, invoice: 'billing_success' }, now)).toBe('invoiceExists');
  });

  it('has nothing to invoice on a free order', () => {
    expect(invoiceRefusal({ ...order, amount: 0 }, now)).toBe('nothingToInvoice');
  });

  it('has nothing to invoice on a refunded order, and keeps a receipt issued before the refund', () => {
    expect(invoiceRefusal({ ...order, refunded: true }, now)).toBe('orderRefunded');
    expect(receiptStatus({ ...order, refunded: true }, now)).toBe('cannot_invoice');
    expect(receiptStatus({ ...order, refunded: true, invoice: 'billing_success' }, now)).toBe('succeeded');
  });

  it('gives domestic orders an ordinary electronic invoice and overseas ones a receipt', () => {
    expect(invoiceKindFor('domestic')).toBe(InvoiceKind.ordinaryElectronic);
    expect(invoiceKindFor('overseas')).toBe(InvoiceKind.receipt);
  });
});

describe('receipt column (spec 01 §4)', () => {
  it('maps each state to what the column shows', () => {
    expect(receiptStatus(order, now)).toBe('can_invoice');
    expect(receiptStatus({ ...order, invoice: 'billing_fail' }, now)).toBe('can_invoice');
    expect(receiptStatus({ ...order, invoice: 'billing_pending' }, now)).toBe('invoicing');
    expect(receiptStatus({ ...order, invoice: 'billing_success' }, now)).toBe('succeeded');
    expect(receiptStatus({ ...order, date: now - INVOICE_WINDOW_SECONDS - 1 }, now)).toBe('expired');
    expect(receiptStatus({ ...order, invoice: 'billing_success', date: 0 }, now)).toBe('succeeded');
    expect(receiptStatus({ ...order, amount: 0 }, now)).toBe('cannot_invoice');
  });
});

describe('tax numbers', () => {
  it('checks the check character of a unified social credit code', () => {
    for (const code of ['91350100M000100Y43', '91110000802100433B', '914403001922038216']) {
      expect(isUnifiedSocialCreditCode(code)).toBe(true);
      const last = code[17] === '0' ? '1' : '0';
      expect(isUnifiedSocialCreditCode(code.slice(0, 17) + last)).toBe(false);
    }
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100I43')).toBe(false);
  });

  it('accepts the older domestic forms and lower case, refuses anything else', () => {
    expect(isValidTaxNumber('110108123456789', 'domestic')).toBe(true);
    expect(isValidTaxNumber('91350100m000100y43', 'domestic')).toBe(true);
    expect(isValidTaxNumber('12345', 'domestic')).toBe(false);
    expect(isValidTaxNumber('91350100M000100Y44', 'domestic')).toBe(false);
  });

  it('accepts overseas VAT ids of letters, digits, spaces and dashes', () => {
    expect(isValidTaxNumber('DE 123456789', 'overseas')).toBe(true);
    expect(isValidTaxNumber('GB-123-4567-89', 'overseas')).toBe(true);
    expect(isValidTaxNumber('<script>', 'overseas')).toBe(false);
    expect(isValidTaxNumber('X', 'overseas')).toBe(false);
  });
});
