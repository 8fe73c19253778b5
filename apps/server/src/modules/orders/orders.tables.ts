import type { Currency, InvoiceState, OrderChannel, OrderProductCode } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** An order (spec 01 §3 "Order data"); amount in minor units, times unix seconds. */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product: OrderProductCode;
  type: number;
  product_name: string;
  quantity: number;
  amount: number;
  currency: Currency;
  channel: OrderChannel;
  region: 'domestic' | 'overseas';
  agent: string | null;
  more: string | null;
  ordered_at: number;
  /** A recorded end of the entitlement; null: derived from the type (spec 01 §9). */
  exp: number | null;
  created_at: number;
  /** When the money went back (an operator's refund of its checkout); null: not refunded. */
  refunded_at: number | null;
  /** The checkout catalogue item it was bought as; null for a store's or an operator's order (decision 058). */
  item: string | null;
  /** What a business term was bought for: a team's seats, a company's added seats or time; null otherwise. */
  item_target: 'team' | 'company_seats' | 'company_time' | null;
}

/** The invoice of an order; no row means billing_not (spec 01 §4). */
export interface InvoicesTable {
  order_id: number;
  user_id: number;
  state: Exclude<InvoiceState, 'billing_not'>;
  iv_type: number;
  title_type: 'personal' | 'company';
  title: string;
  tax_number: string | null;
  email: string;
  number: string | null;
  requests: Generated<number>;
  requested_at: number;
  issued_at: number | null;
  failed_at: number | null;
  fail_reason: string | null;
  updated_at: number;
}

declare module '../../db/db.js' {
  /** The tables the orders module owns (docs/architecture.md#table-owners). */
  interface Database {
    orders: OrdersTable;
    invoices: InvoicesTable;
  }
}
