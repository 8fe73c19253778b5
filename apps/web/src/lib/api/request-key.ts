import { useRef } from 'react';

/**
 * A fresh `Idempotency-Key` for one write a person confirmed: 128 random bits as hex.
 * `crypto.randomUUID` exists only in secure contexts, and a desktop client may embed the app
 * over plain HTTP; `getRandomValues` is available everywhere.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends the writes that move money, points or seats with an `Idempotency-Key` (DESIGN.md §2): one
 * key per request body until that request succeeds. Sent again after a lost answer, the same body
 * keeps its key, so the server does the work once; a changed body (another plan chosen after a
 * failure) gets a new key, since the server refuses a known key with another body. After a success
 * the key is dropped: the same request asked for later is a new one (a second purchase, a second
 * change).
 */
export function useIdempotentSend() {
  const keys = useRef(new Map<string, string>());
  return async function sendOnce<T>(body: unknown, send: (requestKey: string) => Promise<T>): Promise<T> {
    const text = JSON.stringify(body);
    const requestKey = keys.current.get(text) ?? newRequestKey();
    keys.current.set(text, requestKey);
    const answer = await send(requestKey);
    keys.current.delete(text);
    return answer;
  };
}
