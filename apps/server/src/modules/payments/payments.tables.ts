import type {
  CheckoutItemKind,
  CheckoutState,
  PaymentMethod,
  PersonalPlanProduct,
  Currency,
  Language,
} from '@account-centre/contract';
import type { Generated } from 'kysely';

/** An order waiting to be paid, and what became of it (docs/decisions/037). Amounts in minor units. */
export interface CheckoutsTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  item: string;
  kind: CheckoutItemKind;
  product: PersonalPlanProduct | null;
  quantity: number;
  method: PaymentMethod;
  provider: string;
  region: 'domestic' | 'overseas';
  currency: Currency;
  list_amount: number;
  discount: number;
  amount: number;
  coupon_grant_id: number | null;
  state: CheckoutState;
  provider_ref: string | null;
  pay_url: string | null;
  qr_content: string | null;
  renews: string | null;
  /** The company a business payment made or grows (docs/decisions/038). */
  company_id: number | null;
  /** For an existing company: a longer term or more seats; null for a new company or anything else. */
  company_change: 'time' | 'seats' | null;
  /** The diagram or project team a business payment buys seats for (docs/decisions/040); no foreign key. */
  team_id: number | null;
  /**
   * A company's term or seats: the seats it had and the end it ran to (null: lifelong) when
   * priced; fulfilment gives exactly that or refuses (docs/decisions/052). Null otherwise.
   */
  priced_seats: Generated<number | null>;
  priced_end: Generated<number | null>;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  fulfilled_at: number | null;
  closed_at: number | null;
  refunded_at: number | null;
  refund_note: string | null;
  updated_at: number;
}

export type PaymentNotificationOutcome =
  | 'fulfilled'
  | 'duplicate'
  | 'bad_signature'
  | 'bad_amount'
  | 'unknown'
  | 'refunded'
  | 'ignored'
  | 'no_account'
  | 'refused';

/** A notification a payment provider sent, verified or not, and what was done with it. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  out_trade_no: string | null;
  event: string | null;
  outcome: PaymentNotificationOutcome;
  detail: string | null;
  received_at: number;
}

export type PaymentReviewKind = 'refused' | 'coupon_spent';

/**
 * A payment an operator must see (docs/decisions/052): refused at fulfilment (what it was priced
 * for had changed), or a discount whose coupon was spent by another checkout. Once per kind.
 */
export interface PaymentReviewsTable {
  id: Generated<number>;
  out_trade_no: string;
  kind: PaymentReviewKind;
  amount: number;
  currency: Currency;
  detail: string;
  created_at: number;
}

export type SandboxPaymentState = 'pending' | 'paid' | 'cancelled' | 'closed' | 'refunded';

/** The sandbox provider's own record of a payment it was asked to collect. */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  ref: string;
  out_trade_no: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  description: string;
  notify_url: string;
  state: SandboxPaymentState;
  refunded: Generated<number>;
  agreement: Generated<number>;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  updated_at: number;
  /** The language of the checkout that opened it, which its pay page speaks; null before it was kept. */
  language: Generated<Language | null>;
}

/** A notification the sandbox provider owes the server, retried until acknowledged. */
export interface SandboxNotificationsTable {
  id: Generated<number>;
  out_trade_no: string;
  notify_url: string;
  body: string;
  attempts: Generated<number>;
  next_at: number;
  delivered_at: number | null;
  last_result: string | null;
  created_at: number;
}

declare module '../../db/db.js' {
  /** The tables the payments module owns (docs/architecture.md#table-owners). */
  interface Database {
    checkouts: CheckoutsTable;
    payment_notifications: PaymentNotificationsTable;
    payment_reviews: PaymentReviewsTable;
    sandbox_payments: SandboxPaymentsTable;
    sandbox_notifications: SandboxNotificationsTable;
  }
}
