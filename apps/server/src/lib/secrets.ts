import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token (URL-safe base64, 256 bits). Only its hash is ever stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Stored form of a high-entropy secret (tokens, tickets): SHA-256 is enough for 256 random bits. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A numeric code of `digits` digits from the CSPRNG, leading zeros kept. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
