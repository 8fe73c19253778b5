import { expect } from 'vitest';
import { createTestApp, suiteApp, type TestApp, type TestDialect } from './test-app.js';

/** The sandbox payment a pay page's address names (its last segment). */
export const sandboxRefOf = (payUrl: string | null): string => (payUrl ?? '').split('/').pop() as string;

/** The payer presses pay on the sandbox's page, as the QR code or the card page would have them do. */
export async function payOnSandboxPage(t: Pick<TestApp, 'app'>, payUrl: string | null): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/pay/${sandboxRefOf(payUrl)}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
}

/**
 * An app for checkout tests: listening (the sandbox's pay page calls back over HTTP), with the
 * sweep of open checkouts and the sandbox's own polling off, so a test decides when each happens.
 */
export async function startCheckoutTestApp(dialect: TestDialect): Promise<TestApp> {
  const t = await createTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** `startCheckoutTestApp` for the tests of a `describe` block (see `suiteApp`). */
export const suiteCheckoutApp = (dialect: TestDialect): TestApp => suiteApp(() => startCheckoutTestApp(dialect));

/** The sandbox provider's own record of a payment: its state, and whether it set up an agreement. */
export const sandboxPayment = (t: Pick<TestApp, 'app'>, outTradeNo: string) =>
  t.app.db.selectFrom('sandbox_payments').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();

/** What the server did with each notification that a checkout was paid. */
export const paidOutcomes = async (t: Pick<TestApp, 'app'>, outTradeNo: string) =>
  (
    await t.app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', outTradeNo)
      .where('event', '=', 'paid')
      .execute()
  ).map((row) => row.outcome);
