import type { Currency, Language, PaymentMethod } from '@account-centre/contract';

/**
 * What the checkout needs of a payment provider (docs/decisions/037). WeChat Pay Native, Alipay
 * precreate and a card provider's hosted checkout each fit it: they open a payment for an
 * `out_trade_no` and give a code to scan or a page to pay on, say how it stands when asked, close
 * an unpaid one, sign the notifications they send, and refund. The built-in sandbox implements it
 * on this machine (sandbox/).
 */
export interface PaymentProvider {
  /** Its name in the notify path (`/api/pay/notify/<name>`) and on each checkout it collects. */
  readonly name: string;
  /** The methods it collects. */
  readonly methods: readonly PaymentMethod[];
  open(payment: PaymentToOpen): Promise<OpenedPayment>;
  query(outTradeNo: string): Promise<ProviderPayment | null>;
  /** Closes an unpaid payment; `paid` when it was paid meanwhile (its notification is on its way). */
  close(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'>;
  /**
   * Checks a notification as it arrived, the body byte for byte: its signature, and what it says.
   * Null when it is not the provider's (a bad signature, a body that does not parse).
   */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderNotification | null;
  /** What the provider expects back once a notification is handled (or not: then it sends again). */
  acknowledge(handled: boolean): { status: number; body: string; contentType: string };
  /** Pays `amount` back. Resolves once the provider has accepted it; rejects when it refuses. */
  refund(outTradeNo: string, amount: number, reason: string): Promise<{ refundId: string }>;
  /**
   * A continuous plan: charges the agreement set up when `agreementOf` was paid, as the next
   * period's payment `renewal` (its notification follows as for any payment). False when there
   * is no live agreement. Providers without agreements leave it out.
   */
  chargeAgreement?(agreementOf: string, renewal: PaymentToOpen): Promise<boolean>;
  /** Ends the agreement of a continuous plan: nothing more is charged. */
  endAgreement?(agreementOf: string): Promise<void>;
}

export interface PaymentToOpen {
  outTradeNo: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  /** What the payer sees on the provider's page. */
  description: string;
  /** Where the provider sends its notifications. */
  notifyUrl: string;
  /** The origin the payer reaches this service at: the sandbox's pay page is served there. */
  payerOrigin: string;
  /** The language of the payer's flow, which the provider's page should speak; absent: its own choice. */
  language?: Language | null | undefined;
  expiresAt: number;
  /** A continuous plan: the provider also sets up the agreement to charge each period. */
  agreement: boolean;
}

export interface OpenedPayment {
  /** The provider's own id of the payment. */
  providerRef: string;
  /** The page the payment is made on: the hosted page, or the page the QR code opens. */
  payUrl: string;
  /** What the QR code to scan encodes (QR methods); null for a hosted page. */
  qrContent: string | null;
}

export type ProviderPaymentState = 'pending' | 'paid' | 'closed' | 'refunded';

export interface ProviderPayment {
  outTradeNo: string;
  state: ProviderPaymentState;
  amount: number;
  currency: Currency;
  paidAt: number | null;
}

/** A verified notification: a payment made, or a refund done. */
export interface ProviderNotification {
  /** The provider's id of this notification (the same on every retry). */
  id: string;
  event: 'paid' | 'refunded';
  outTradeNo: string;
  providerRef: string;
  amount: number;
  currency: Currency;
  at: number;
}
