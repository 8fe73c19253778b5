import type { Region } from '../rules/region.js';
import type { OrderChannel } from './products.js';

/** Invoice states of an order (spec 01 §4 "Invoice"). */
export const invoiceStates = ['billing_not', 'billing_fail', 'billing_pending', 'billing_success'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

/**
 * `iv_type` of an order: which document it gets. Domestic orders get an ordinary electronic
 * invoice (spec 01 §5), issued by an operator; overseas orders get a receipt at once.
 */
export const InvoiceKind = { none: 0, ordinaryElectronic: 1, receipt: 2 } as const;
export type InvoiceKindValue = (typeof InvoiceKind)[keyof typeof InvoiceKind];

/** The document an order of a region gets. */
export function invoiceKindFor(region: Region): InvoiceKindValue {
  return region === 'domestic' ? InvoiceKind.ordinaryElectronic : InvoiceKind.receipt;
}

/** Invoices only for orders within 30 days (spec 01 §5, §9). */
export const INVOICE_WINDOW_DAYS = 30;
export const INVOICE_WINDOW_SECONDS = INVOICE_WINDOW_DAYS * 86_400;

/**
 * Channels whose orders are invoiced here. Store-bought (app store, Lenovo store) and
 * bank-transfer orders are invoiced at that store or via customer service (spec 01 §5).
 */
export const SELF_SERVICE_INVOICE_CHANNELS: readonly OrderChannel[] = ['online'];

/** Facts of an order the invoice rules read. */
export interface InvoiceFacts {
  channel: OrderChannel;
  /** Amount paid, minor units. */
  amount: number;
  /** Order date, unix seconds. */
  date: number;
  invoice: InvoiceState;
  /** The money went back (an operator's refund): nothing is left to invoice. */
  refunded?: boolean | undefined;
}

/**
 * Why a new invoice request for the order would be refused, or null when it may be made.
 * Only billing_not and billing_fail accept a request (spec 01 §4: billing_fail can request).
 */
export function invoiceRefusal(
  order: InvoiceFacts,
  now: number,
): null | 'selfServiceUnavailable' | 'nothingToInvoice' | 'orderRefunded' | 'invoiceWindowClosed' | 'invoiceExists' {
  if (order.invoice === 'billing_pending' || order.invoice === 'billing_success') return 'invoiceExists';
  if (order.refunded) return 'orderRefunded';
  if (!SELF_SERVICE_INVOICE_CHANNELS.includes(order.channel)) return 'selfServiceUnavailable';
  if (order.amount <= 0) return 'nothingToInvoice';
  if (now - order.date > INVOICE_WINDOW_SECONDS) return 'invoiceWindowClosed';
  return null;
}

/**
 * The receipt column of an order (spec 01 §4): can invoice, invoicing (greyed), succeeded
 * (download), cannot invoice (store, bank transfer, free, refunded), expired (past the 30-day window
 * with no invoice).
 */
export type ReceiptStatus = 'can_invoice' | 'invoicing' | 'succeeded' | 'cannot_invoice' | 'expired';

export function receiptStatus(order: InvoiceFacts, now: number): ReceiptStatus {
  if (order.invoice === 'billing_success') return 'succeeded';
  if (order.invoice === 'billing_pending') return 'invoicing';
  switch (invoiceRefusal(order, now)) {
    case null:
      return 'can_invoice';
    case 'invoiceWindowClosed':
      return 'expired';
    default:
      return 'cannot_invoice';
  }
}

/** Who the invoice is made out to: a person, or a company (which needs its tax number). */
export const invoiceTitleTypes = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof invoiceTitleTypes)[number];

export const INVOICE_TITLE_MAX_LENGTH = 100;
export const TAX_NUMBER_MAX_LENGTH = 32;

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/**
 * A mainland unified social credit code (GB 32100-2015): 18 characters whose last one is a
 * check character over the first 17, weights 3^i mod 31.
 */
export function isUnifiedSocialCreditCode(value: string): boolean {
  if (!USCC_PATTERN.test(value)) return false;
  let sum = 0;
  let weight = 1;
  for (let i = 0; i < 17; i++) {
    sum += USCC_CHARS.indexOf(value[i] as string) * weight;
    weight = (weight * 3) % 31;
  }
  const check = (31 - (sum % 31)) % 31;
  return value[17] === USCC_CHARS[check];
}

/**
 * Whether a company's tax number can be right. Domestic: a unified social credit code, or a
 * taxpayer number of the older 15-, 17- or 20-character forms still on record. Overseas: a
 * VAT or tax id of letters, digits, spaces and dashes.
 */
export function isValidTaxNumber(value: string, region: Region): boolean {
  const v = value.trim().toUpperCase();
  if (region === 'domestic') {
    if (v.length === 18) return isUnifiedSocialCreditCode(v);
    return /^[0-9A-Z]{15}$|^[0-9A-Z]{17}$|^[0-9A-Z]{20}$/.test(v);
  }
  return /^[0-9A-Z][0-9A-Z -]{1,30}[0-9A-Z]$/.test(v);
}
