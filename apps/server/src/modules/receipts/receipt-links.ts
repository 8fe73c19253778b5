import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../lib/secrets.js';

/**
 * Signed receipt links: whoever holds one may download that receipt until it expires (the
 * desktop client hands it to the host, without a token), and nobody can make one without the
 * server secret. The signature covers the order, its owner and the expiry, so changing any of
 * them breaks it.
 */
function linkKey(secret: string): Buffer {
  // A key of its own, derived from the server secret, so a receipt signature can never be
  // replayed as any other keyed hash the service makes.
  return createHmac('sha256', secret).update('receipt-link/v1').digest();
}

export function signReceiptLink(secret: string, orderNo: string, userId: number, expires: number): string {
  return createHmac('sha256', linkKey(secret)).update(`${orderNo}\n${userId}\n${expires}`).digest('base64url');
}

export function receiptLinkSignatureMatches(
  secret: string,
  orderNo: string,
  userId: number,
  expires: number,
  signature: string,
): boolean {
  return constantTimeEqual(signReceiptLink(secret, orderNo, userId, expires), signature);
}
