/**
 * A fresh `Idempotency-Key` for one write a person confirmed: 128 random bits as hex.
 * `crypto.randomUUID` exists only in secure contexts, and a desktop client may embed the app
 * over plain HTTP; `getRandomValues` is available everywhere.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
