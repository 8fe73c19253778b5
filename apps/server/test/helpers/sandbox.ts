import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

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
