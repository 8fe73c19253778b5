import {
  CHECKOUT_EVENT,
  type CheckoutState,
  checkoutEventsRoute,
  isSettledCheckout,
  pollCheckoutRoute,
} from '@account-centre/contract';
import { apiCall, apiResponse } from '../../../lib/api';
import type { Checkout } from './create-checkout';
import { readEventStream } from './event-stream';

/** Spec 02 §9 "Polling: 1 s tick, 300 ticks maximum" (the payment result). */
export const POLL_TICK_MS = 1000;
export const POLL_MAX_TICKS = 300;
/** A stream that fails this many times in a row (no heartbeat between) is given up for the poll. */
export const STREAM_FAILURES_BEFORE_POLL = 2;
/** The wait before reconnecting, doubled with each reconnection, up to the longest. */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_LONGEST_MS = 30_000;

/** How the screen hears of the payment: the pushed events, the poll, or no longer (the poll ran out). */
export type Listening = 'stream' | 'poll' | 'stopped';

export interface WatchHandlers {
  /** The whole checkout, as the event stream sends it. */
  onCheckout: (checkout: Checkout) => void;
  /** A settled state, as the poll answers it. */
  onSettled: (state: CheckoutState) => void;
  onListening: (listening: Listening) => void;
}

/** Waits, or less when the watch is stopped meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** What one connection to the event stream came to. */
type StreamEnd = 'settled' | 'dropped' | 'unavailable';

async function listenOnce(
  userId: number,
  outTradeNo: string,
  signal: AbortSignal,
  handlers: WatchHandlers,
  onAlive: () => void,
): Promise<StreamEnd> {
  let response: Response;
  try {
    // Through the API client, not EventSource: the stream needs the session's Authorization
    // header, and the client's shared refresh when the token has expired.
    response = await apiResponse(checkoutEventsRoute, {
      params: { userId, outTradeNo },
      headers: { Accept: 'text/event-stream' },
      signal,
    });
  } catch {
    return 'unavailable';
  }
  // A proxy's page or an answer without a body is no stream.
  if (!response.body || !response.headers.get('Content-Type')?.startsWith('text/event-stream')) return 'unavailable';
  handlers.onListening('stream');
  let settled = false;
  try {
    await readEventStream(response.body, {
      onEvent: (event) => {
        if (event.type !== CHECKOUT_EVENT) return false;
        const checkout = JSON.parse(event.data) as Checkout;
        handlers.onCheckout(checkout);
        settled = isSettledCheckout(checkout.state);
        return settled;
      },
      onComment: onAlive,
    });
  } catch {
    // Dropped (or stopped by the screen: the caller looks at the signal).
  }
  return settled ? 'settled' : 'dropped';
}

/**
 * Follows an unpaid checkout until it settles or `signal` stops it. The server's event stream
 * first, reconnecting with a growing wait when it drops; when the stream cannot be had (the
 * request fails or is refused) or drops twice in a row, the spec's poll: once a second, 300
 * times at most, then `stopped` (the screen offers to look again).
 */
export async function watchCheckout(
  userId: number,
  outTradeNo: string,
  signal: AbortSignal,
  handlers: WatchHandlers,
): Promise<void> {
  let failures = 0;
  let reconnections = 0;
  for (;;) {
    const end = await listenOnce(userId, outTradeNo, signal, handlers, () => {
      // A heartbeat: the connection worked, so its next drop starts the count again.
      failures = 0;
    });
    if (signal.aborted || end === 'settled') return;
    if (end === 'unavailable') break;
    failures += 1;
    if (failures >= STREAM_FAILURES_BEFORE_POLL) break;
    await pause(Math.min(RECONNECT_FIRST_MS * 2 ** reconnections, RECONNECT_LONGEST_MS), signal);
    reconnections += 1;
    if (signal.aborted) return;
  }

  handlers.onListening('poll');
  for (let tick = 0; tick < POLL_MAX_TICKS; tick += 1) {
    await pause(POLL_TICK_MS, signal);
    if (signal.aborted) return;
    try {
      const { state } = (
        await apiCall(pollCheckoutRoute, { params: { userId }, query: { out_trade_no: outTradeNo }, signal })
      ).data;
      if (isSettledCheckout(state)) {
        handlers.onSettled(state);
        return;
      }
    } catch {
      // One unanswered tick: the next one asks again.
    }
  }
  if (!signal.aborted) handlers.onListening('stopped');
}
