import { createCheckoutRoute, getCheckoutRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { openCheckoutStream } from '../../../test/helpers/event-stream.js';
import { redisProblem, testRedisUrl } from '../../../test/helpers/redis.js';
import { createTestApp, dialects, suiteTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { SandboxProvider, type Sender } from './sandbox/sandbox-provider.js';

const TEST_SECRET = 'test-secret-key-test-secret-key-0123456789';
const redisUnreachable = await redisProblem(testRedisUrl);

describe.each(dialects)('the sandbox provider’s notifications on $name', (dialect) => {
  const t = suiteTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });


  /**
   * A sandbox whose network fails the first `failures` tries, then carries each notification to
   * the app (as HTTP would: the same headers and body), so the schedule can be watched.
   */
  function flakySandbox(failures: number) {
    const sent: number[] = [];
    const send: Sender = async (_url, body, headers) => {
      sent.push(t.clock.now());
      if (sent.length <= failures) throw new Error('connect ECONNREFUSED');
      const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers, payload: body });
      return { status: res.statusCode, text: res.body };
    };
    const sandbox = new SandboxProvider({
      db: t.app.db,
      clock: t.clock,
      secretKey: TEST_SECRET,
      retrySeconds: [15, 15, 30],
      send,
    });
    return { sandbox, sent };
  }

  async function openedCheckout() {
    const user = await testUser(t);
    const checkout = (
      await call(t, createCheckoutRoute, { as: user, body: { item: 'ai.points1000', method: 'wxpay' } })
    ).ok().data;
    const ref = (checkout.pay_url ?? '').split('/').pop() as string;
    return { user, checkout, ref };
  }

  const state = (outTradeNo: string) =>
    t.app.db.selectFrom('checkouts').select('state').where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();

  it('tries a notification again on its schedule until it is acknowledged', async () => {
    const { checkout, ref } = await openedCheckout();
    const { sandbox, sent } = flakySandbox(2);
    expect(await sandbox.pay(ref)).toBe('paid');
    expect(sent).toHaveLength(1);
    expect((await state(checkout.out_trade_no)).state).toBe('created');

    // Not due yet: nothing is sent.
    t.clock.advance(14);
    expect(await sandbox.deliverDue()).toBe(0);
    expect(sent).toHaveLength(1);
    t.clock.advance(1);
    expect(await sandbox.deliverDue()).toBe(0);
    t.clock.advance(15);
    expect(await sandbox.deliverDue()).toBe(1);
    expect(sent.map((at) => at - (sent[0] as number))).toEqual([0, 15, 30]);
    expect((await state(checkout.out_trade_no)).state).toBe('fulfilled');
    // Acknowledged: never sent again.
    t.clock.advance(3600);
    expect(await sandbox.deliverDue()).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('stops once its schedule has run out', async () => {
    const { checkout, ref } = await openedCheckout();
    const { sandbox, sent } = flakySandbox(100);
    await sandbox.pay(ref);
    for (let i = 0; i < 6; i++) {
      t.clock.advance(60);
      await sandbox.deliverDue();
    }
    // The first try and one per wait of the schedule.
    expect(sent).toHaveLength(4);
    const note = await t.app.db
      .selectFrom('sandbox_notifications')
      .select(['attempts', 'delivered_at', 'last_result'])
      .where('out_trade_no', '=', checkout.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ attempts: 4, delivered_at: null, last_result: 'network: connect ECONNREFUSED' });
    // The sweep closing it finds it paid at the provider, and settles it there and then.
    t.clock.advance(30 * 60);
    const { closeExpiredCheckouts } = await import('./checkout.service.js');
    await closeExpiredCheckouts(t.app.payments);
    expect((await state(checkout.out_trade_no)).state).toBe('fulfilled');
  });

  it('honours a payment whose notification arrives after the checkout closed, and ignores a refund it never asked', async () => {
    const { user, checkout, ref } = await openedCheckout();
    const { sandbox } = flakySandbox(1);
    await sandbox.pay(ref);
    // Closed here by the buyer meanwhile, though the provider had taken the money.
    await t.app.db
      .updateTable('checkouts')
      .set({ state: 'closed', closed_at: t.clock.now() })
      .where('out_trade_no', '=', checkout.out_trade_no)
      .execute();
    t.clock.advance(15);
    await sandbox.deliverDue();
    const read = (await call(t, getCheckoutRoute, { as: user, params: { outTradeNo: checkout.out_trade_no } })).ok()
      .data;
    expect(read.state).toBe('fulfilled');

    // A refund notification for a checkout nobody refunded here changes nothing and is logged.
    const other = await openedCheckout();
    const provider = flakySandbox(0).sandbox;
    await provider.pay(other.ref);
    await provider.refund(other.checkout.out_trade_no, 1000, 'at the provider');
    await provider.deliverDue();
    expect((await state(other.checkout.out_trade_no)).state).toBe('fulfilled');
    const log = await t.app.db
      .selectFrom('payment_notifications')
      .select(['event', 'outcome'])
      .where('out_trade_no', '=', other.checkout.out_trade_no)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { event: 'paid', outcome: 'fulfilled' },
      { event: 'refunded', outcome: 'ignored' },
    ]);
  });
});

// Skipped, and said so, when the machine has no Redis (STACK.md: CI and development machines do).
describe.skipIf(redisUnreachable !== null).each(dialects)(
  'the pay screen’s stream on another instance, sharing $name and Redis',
  (dialect) => {
    let t: TestApp;
    let b: FastifyInstance;
    let bOrigin: string;

    beforeAll(async () => {
      const env = { REDIS_URL: testRedisUrl, CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' };
      t = await createTestApp(dialect, env);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      b = await t.anotherInstance(env);
      bOrigin = await b.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => t?.close());

    it('hears at once of a payment settled by the first instance', async () => {
      const user = await testUser(t);
      const checkout = (
        await call(t, createCheckoutRoute, { as: user, body: { item: 'ai.points1000', method: 'wxpay' } })
      ).ok().data;
      const stream = await openCheckoutStream(bOrigin, user, checkout.out_trade_no);
      await stream.readUntil('"state":"created"');
      // The payment reaches the first instance (the sandbox notifies the server it was opened on).
      const ref = (checkout.pay_url ?? '').split('/').pop() as string;
      const started = Date.now();
      await t.app.payments.sandbox!.pay(ref);
      await stream.readUntil('"state":"fulfilled"');
      // Well before the stream's own heartbeat would have read it again.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(stream.text()).toContain('id: fulfilled');
    });
  },
);
