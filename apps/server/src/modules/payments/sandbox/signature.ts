import { createHmac, hkdfSync } from 'node:crypto';
import { constantTimeEqual } from '../../../lib/secrets.js';

/**
 * The sandbox provider signs each notification as card providers do: an HMAC-SHA256 of
 * `<unix seconds>.<body>` under a key both sides hold, sent as `t=<seconds>,v1=<hex>`. A fresh
 * time on every try, and a tolerance, so a captured notification cannot be sent again later.
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** How old a signature may be when it arrives. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The key shared by the sandbox and the server: derived from the server secret for this use only. */
export function sandboxSigningKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'account-centre', 'payments/sandbox-notify', 32));
}

export function signNotification(key: Buffer, body: string, at: number): string {
  const digest = createHmac('sha256', key).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${digest}`;
}

/** Whether `header` signs `body` under `key`, within the tolerance of `now`. */
export function signatureHolds(key: Buffer, header: string | undefined, body: string, now: number): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return constantTimeEqual(signNotification(key, body, at), `t=${at},v1=${match[2]}`);
}
