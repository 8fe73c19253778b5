import { CheckoutErrors, type CheckoutState, checkoutEventsRoute, pollCheckoutRoute } from '@account-centre/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failWith, rawAnswer, stubApi } from '../../../testing/api';
import { testCheckout, testEventStream } from '../../../testing/checkout';
import { clearSession, saveSession } from '../../../lib/session';
import { POLL_MAX_TICKS } from '../api/watch-checkout';
import { useCheckoutWatch } from './use-checkout-watch';

const opened = testCheckout();
const paid = testCheckout({ state: 'fulfilled', order_id: opened.out_trade_no, pay_url: null, qr_svg: null });

/** The server's side: a new stream per connection (each test writes to them), and the poll's answer. */
function server({ streams = true, pollState = 'created' as CheckoutState } = {}) {
  const connections: ReturnType<typeof testEventStream>[] = [];
  let state = pollState;
  const api = stubApi()
    .answer(checkoutEventsRoute, () => {
      if (!streams) return failWith({ status: 503, code: 0, msg: 'unavailable' });
      const stream = testEventStream();
      connections.push(stream);
      return rawAnswer(stream.body, 'text/event-stream; charset=utf-8');
    })
    .answer(pollCheckoutRoute, () => ({
      data: { out_trade_no: opened.out_trade_no, state, paid: state === 'fulfilled' },
    }));
  return {
    api,
    connections,
    latest: () => connections.at(-1)!,
    settle: (next: CheckoutState) => {
      state = next;
    },
    polls: () => api.callsTo(pollCheckoutRoute).length,
  };
}

/** Lets the fake clock run, with the reads and answers that become due on the way. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('following a payment', () => {
  beforeEach(() => {
    saveSession({ user_id: 7, token: 'token-7', refresh_token: 'refresh-7', expires_in: 900 });
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('takes the state the server pushes, until it settles, over one connection', async () => {
    const { api, latest, polls } = server();
    const { result } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(0);
    const call = api.callsTo(checkoutEventsRoute)[0]!;
    expect(call.params).toEqual({ userId: 7, outTradeNo: opened.out_trade_no });
    // The app's session goes with it, which EventSource could not send.
    expect(call.headers.get('Authorization')).toBe('Bearer token-7');
    expect(call.headers.get('Accept')).toBe('text/event-stream');

    latest().send(opened);
    latest().beat();
    await elapse(10_000);
    expect(result.current.checkout.state).toBe('created');
    expect(result.current.listening).toBe('stream');

    latest().send(paid);
    await elapse(0);
    expect(result.current.checkout).toEqual(paid);
    await elapse(60_000);
    expect(api.callsTo(checkoutEventsRoute)).toHaveLength(1);
    expect(polls()).toBe(0);
  });

  it('reconnects after a drop, waiting longer each time, and starts counting again after a heartbeat', async () => {
    const { api, latest, polls } = server();
    const connections = () => api.callsTo(checkoutEventsRoute).length;
    const { result } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(0);
    latest().send(opened);
    await elapse(0);
    latest().drop();
    await elapse(999);
    expect(connections()).toBe(1);
    await elapse(1);
    expect(connections()).toBe(2);

    // This connection lives on (a heartbeat), so its drop is a first failure again.
    latest().send(opened);
    latest().beat();
    await elapse(0);
    latest().drop();
    await elapse(1999);
    expect(connections()).toBe(2);
    await elapse(1);
    expect(connections()).toBe(3);
    expect(result.current.listening).toBe('stream');
    expect(polls()).toBe(0);

    latest().send(paid);
    await elapse(0);
    expect(result.current.checkout.state).toBe('fulfilled');
  });

  it('falls back to the poll, once a second, when the stream drops twice in a row', async () => {
    const { api, latest, polls, settle } = server();
    const { result } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(0);
    latest().drop();
    await elapse(1000);
    latest().end();
    await elapse(0);
    expect(result.current.listening).toBe('poll');
    expect(polls()).toBe(0);
    await elapse(1000);
    expect(polls()).toBe(1);
    expect(api.callsTo(pollCheckoutRoute)[0]?.query).toEqual({ out_trade_no: opened.out_trade_no });
    await elapse(2000);
    expect(polls()).toBe(3);

    settle('fulfilled');
    await elapse(1000);
    expect(result.current.checkout).toEqual({ ...opened, state: 'fulfilled' });
    await elapse(10_000);
    expect(polls()).toBe(4);
    expect(api.callsTo(checkoutEventsRoute)).toHaveLength(2);
  });

  it('polls at once when the stream cannot be had, and stops after 300 ticks until asked again', async () => {
    const { api, polls } = server({ streams: false });
    const { result } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(0);
    expect(result.current.listening).toBe('poll');
    await elapse(POLL_MAX_TICKS * 1000 - 1);
    expect(result.current.listening).toBe('poll');
    await elapse(1);
    expect(polls()).toBe(300);
    expect(result.current.listening).toBe('stopped');
    await elapse(60_000);
    expect(polls()).toBe(300);

    act(() => result.current.listenAgain());
    await elapse(0);
    expect(api.callsTo(checkoutEventsRoute)).toHaveLength(2);
    expect(result.current.listening).toBe('poll');
  });

  it('keeps polling through a failed tick', async () => {
    const { api, polls } = server({ streams: false });
    api.answer(pollCheckoutRoute, failWith(CheckoutErrors.providerUnavailable));
    const { result } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(3000);
    expect(polls()).toBe(3);
    api.answer(pollCheckoutRoute, { data: { out_trade_no: opened.out_trade_no, state: 'closed', paid: false } });
    await elapse(1000);
    expect(result.current.checkout.state).toBe('closed');
  });

  it('stops listening when the screen goes', async () => {
    const { api, latest, polls } = server();
    const { unmount } = renderHook(() => useCheckoutWatch(7, opened));
    await elapse(0);
    unmount();
    latest().drop();
    await elapse(60_000);
    expect(api.callsTo(checkoutEventsRoute)).toHaveLength(1);
    expect(polls()).toBe(0);
  });

  it('does not listen to a checkout that has settled', async () => {
    const { api } = server();
    const { result } = renderHook(() => useCheckoutWatch(7, paid));
    await elapse(5000);
    expect(api.calls).toHaveLength(0);
    expect(result.current.checkout).toBe(paid);
  });
});
