import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token (URL-safe base64, 256 bits). Only its hash is ever stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Stored form of a high-entropy secret (tokens, tickets): SHA-256 is enough for 256 random bits.
 * The one-shot `hash` costs about half of a Hash object's create, update and digest, and every
 * signed-in request hashes its token (docs/decisions/026).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
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

/** The key of one use of the server secret (HKDF-SHA256), so no two uses share a key. */
function derivedKey(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'account-centre', purpose, 32));
}

/**
 * Encrypts a short personal text to keep at rest (AES-256-GCM with a fresh nonce, a key derived
 * from the server secret for `purpose`): `v1.<nonce>.<ciphertext>.<tag>`, URL-safe base64.
 */
export function sealText(secretKey: string, purpose: string, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secretKey, purpose), nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', nonce, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** The text `sealText` sealed; throws when it was not sealed with this secret and purpose. */
export function openSealed(secretKey: string, purpose: string, sealed: string): string {
  const [version, nonce, data, tag] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || data === undefined || tag === undefined)
    throw new Error('not a sealed text');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(secretKey, purpose), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
