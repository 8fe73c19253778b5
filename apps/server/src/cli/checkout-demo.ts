import { hasCheckouts } from '../modules/payments/index.js';
import { createCheckout } from '../modules/payments/checkout.service.js';
import { buildPaymentsDeps } from '../modules/payments/payments.deps.js';
import { confirmBankTransfer, refundCheckout } from '../modules/payments/settle.service.js';
import type { SeedDeps } from './demo-users.js';

const noKey = async () => undefined;

/**
 * The demo's checkouts (docs/decisions/037): an AI points package paid by bank transfer and
 * refunded, so the history shows a refunded order; and a template credit top-up waiting for its
 * transfer for a week, whose number is returned (and printed at start) so `pay:confirm` can settle it. Bank transfers
 * need no provider, so the demo is the same with the sandbox on or off. Once per account.
 */
export async function seedCheckoutDemo(deps: SeedDeps, userId: number): Promise<string | null> {
  if (await hasCheckouts(deps.db, userId)) return null;
  const payments = buildPaymentsDeps({
    ...deps,
    redis: null,
    log: { warn: () => undefined, error: () => undefined },
    listeningPort: () => deps.config.port,
  });
  const open = (item: string) =>
    createCheckout(payments, { userId, region: 'domestic', item, method: 'bank', payerOrigin: '' }, noKey);

  const refunded = await open('ai.points5000');
  await confirmBankTransfer(payments, {
    outTradeNo: refunded.out_trade_no,
    amount: refunded.amount,
    reference: 'DEMO-TRANSFER-1',
  });
  await refundCheckout(payments, refunded.out_trade_no, 'demo: refunded at the customer’s request');

  const waiting = await open('template.credit30');
  return waiting.out_trade_no;
}
