import {
  IdempotencyErrors,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteReply,
} from '@account-centre/contract';
import { useRef } from 'react';
import { ApiError } from './api-error';
import { type ApiCallOptions, callRoute } from './client';

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
 * Sends the writes that move money, points, seats or codes with an `Idempotency-Key` (docs/architecture.md#idempotent-writes): one key per request body while its answer may have been lost. Sent again after a network
 * failure or a server error, the same body keeps its key, so the server does the work once and
 * answers what it answered the first time. Once the server has answered for good — a success,
 * or a refusal, which it keeps under the key for 24 h — the key is dropped: the same request
 * asked for later is a new one, judged as things are then (a second purchase; a code tried again
 * after the coupon that stood in its way was used). A changed body (another plan chosen after a
 * failure) gets a new key, since the server refuses a known key with another body.
 */
export function useIdempotentSend() {
  const keys = useRef(new Map<string, string>());
  return async function sendOnce<T>(body: unknown, send: (requestKey: string) => Promise<T>): Promise<T> {
    const text = JSON.stringify(body);
    const requestKey = keys.current.get(text) ?? newRequestKey();
    keys.current.set(text, requestKey);
    try {
      const answer = await send(requestKey);
      keys.current.delete(text);
      return answer;
    } catch (error) {
      if (answeredForGood(error)) keys.current.delete(text);
      throw error;
    }
  };
}

/**
 * The usual idempotent write: one route, its path fixed, each body sent under its own key as
 * useIdempotentSend keeps it.
 */
export function useIdempotentCall<R extends RouteDef>(route: R, params: RouteParams<R>) {
  const sendOnce = useIdempotentSend();
  return (body: RouteBody<R>): Promise<RouteReply<R>> =>
    sendOnce(body, (requestKey) =>
      callRoute(route, { params, body, headers: { 'Idempotency-Key': requestKey } } as ApiCallOptions<R>),
    );
}

/**
 * A refusal the server stored under the key, or "applied" (the work was done, its answer lost:
 * sending it again would only hear that again). Not one that never reached it (status 0), a
 * server error (5xx, whose key the server gives up), nor "in use": the first request under the
 * key is still running, and sending it again later gets that request's answer.
 */
function answeredForGood(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return false;
  return error.msg !== IdempotencyErrors.idempotencyKeyInUse.msg;
}
