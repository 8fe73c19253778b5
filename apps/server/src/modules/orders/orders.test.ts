import { ALL_PLATFORMS, buildPath, FOREVER_EXPIRY, getOrdersRoute, LicenceLengthMs } from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { recordOrder } from './orders.service.js';

const DAY = 86_400;

describeOnEachDialect('order history on $name', (t) => {
  let alice: TestUser;
  let bob: TestUser;

  /** Alice's orders, oldest first as recorded; three share one date to test the tie-break. */
  const recorded: string[] = [];
  beforeAll(async () => {
    alice = await testUser(t, { region: 'domestic' });
    bob = await testUser(t, { region: 'overseas' });
    const now = t.clock.now();
    const dates = [now - 9 * DAY, now - 7 * DAY, now - 5 * DAY, now - 5 * DAY, now - 5 * DAY, now - 2 * DAY, now - DAY];
    for (const [i, date] of dates.entries()) {
      const order = await recordOrder(
        t.app.db,
        {
          userId: alice.userId,
          product: i % 2 === 0 ? 'max' : 'mindmaster',
          type: 209,
          productName: `Plan ${i}`,
          amount: 28_000 + i,
          channel: 'online',
          orderedAt: date,
        },
        now,
      );
      recorded.push(order.order_id);
    }
    // Bob's order must never show in Alice's count or pages.
    await recordOrder(
      t.app.db,
      { userId: bob.userId, product: 'max', type: 1, productName: 'Bob', amount: 100, channel: 'online' },
      now,
    );
  });

  it('starts with an empty history', async () => {
    const newcomer = await testUser(t, { region: 'domestic' });
    const res = await call(t, getOrdersRoute, { as: newcomer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: [], count: 0 });
  });

  it('pages the history newest first, 3 per page by default, with the count of all rows', async () => {
    // Newest first; the three orders of one date by recording order, newest first.
    const expected = [6, 5, 4, 3, 2, 1, 0].map((i) => recorded[i]);
    const pages: string[] = [];
    for (const offset of [0, 3, 6]) {
      const res = await call(t, getOrdersRoute, { as: alice, query: { offset } });
      expect(res.status).toBe(200);
      const body = res.ok();
      expect(body.count).toBe(7);
      expect(body.data.length).toBe(offset === 6 ? 1 : 3);
      pages.push(...body.data.map((row: { order_id: string }) => row.order_id));
    }
    expect(pages).toEqual(expected);
    // The same page twice is the same page: the order is stable.
    const again = await call(t, getOrdersRoute, { as: alice, query: { offset: 3, count: 3 } });
    expect(again.ok().data.map((row: { order_id: string }) => row.order_id)).toEqual(expected.slice(3, 6));
    const beyond = await call(t, getOrdersRoute, { as: alice, query: { offset: 50, count: 3 } });
    expect(beyond.body).toMatchObject({ data: [], count: 7 });
  });

  it('keeps one of the spec’s lists when asked', async () => {
    const res = await call(t, getOrdersRoute, { as: alice, query: { list: 'mindorders', count: 10 } });
    const body = res.ok();
    expect(body.count).toBe(3);
    expect(body.data.map((row: { product: string; list: string }) => [row.product, row.list])).toEqual([
      ['mindmaster', 'mindorders'],
      ['mindmaster', 'mindorders'],
      ['mindmaster', 'mindorders'],
    ]);
    expect((await call(t, getOrdersRoute, { as: alice, query: { list: 'hborders' } })).body).toMatchObject({
      data: [],
      count: 0,
    });
  });

  it('answers each order with the spec’s fields, money in minor units', async () => {
    const res = await call(t, getOrdersRoute, { as: alice, query: { count: 1 } });
    const [row] = res.ok().data;
    const now = t.clock.now();
    expect(row).toEqual({
      list: 'maxorders',
      product: 'max',
      receipt_product: 'max',
      type: 209,
      order_id: recorded[6],
      product_name: 'Plan 6',
      quantity: 1,
      date: now - DAY,
      exp: null,
      endDate: now - DAY + LicenceLengthMs.oneYear / 1000,
      status: 'active',
      more: null,
      // The 1-year plan's licence covers every platform (the catalogue's plans are all-platform).
      platforms: [...ALL_PLATFORMS],
      version: null,
      amount: 28_006,
      currency: 'CNY',
      from: 'online',
      agent: null,
      region: 'domestic',
      iv_type: 0,
      invoice: 'billing_not',
      receipt: 'can_invoice',
      invoice_deadline: now - DAY + 30 * DAY,
      refunded: false,
    });
  });

  it('shows `using`, a past date and `unknown` ends with their statuses', async () => {
    const now = t.clock.now();
    const carol = await testUser(t, { region: 'overseas' });
    const add = (values: Partial<Parameters<typeof recordOrder>[1]>) =>
      recordOrder(
        t.app.db,
        { userId: carol.userId, product: 'max', type: 1, productName: 'x', amount: 500, channel: 'online', ...values },
        now,
      );
    const permanent = await add({ type: 14, orderedAt: now - 3 * DAY });
    const expired = await add({ type: 1, orderedAt: now - 400 * DAY });
    const unknown = await add({ product: 'cloudspace', orderedAt: now - 2 * DAY });
    const lifetime = await add({ product: 'templatesVip', exp: FOREVER_EXPIRY, orderedAt: now - DAY });
    expect([permanent, expired, unknown, lifetime].map((o) => [o.endDate, o.status])).toEqual([
      ['using', 'active'],
      [now - 400 * DAY + 365 * DAY, 'expired'],
      ['unknown', 'unknown'],
      ['using', 'active'],
    ]);
    const listed = (await call(t, getOrdersRoute, { as: carol, query: { count: 10 } })).ok();
    expect(listed.count).toBe(4);
    expect(listed.data.map((row: { currency: string }) => row.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
  });

  it('carries the perpetual version an order’s licence bought, which names the order', async () => {
    const dave = await testUser(t, { region: 'domestic' });
    const base = { userId: dave.userId, productName: 'x', amount: 500, channel: 'online' } as const;
    await recordOrder(
      t.app.db,
      { ...base, product: 'project', type: 2, platforms: ['win', 'mac'], version: '3' },
      t.clock.now(),
    );
    await recordOrder(t.app.db, { ...base, product: 'max', type: 209, orderedAt: t.clock.now() - DAY }, t.clock.now());
    const { data } = (await call(t, getOrdersRoute, { as: dave, query: { count: 10 } })).ok();
    expect(data.map((row: { product: string; version: string | null }) => [row.product, row.version])).toEqual([
      ['project', '3'],
      ['max', null],
    ]);
  });

  it('never shows another user’s orders: their id is refused, their rows never listed', async () => {
    const res = await call(t, getOrdersRoute, { params: { userId: alice.userId }, as: bob });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', code: 0, msg: 'forbidden' });
    const own = (await call(t, getOrdersRoute, { as: bob, query: { count: 50 } })).ok();
    expect(own.count).toBe(1);
    expect(own.data.every((row: { order_id: string }) => !recorded.includes(row.order_id))).toBe(true);
  });

  it('refuses bad paging and unknown lists', async () => {
    for (const query of ['?count=0', '?count=51', '?offset=-1', '?list=nope', '?offset=x']) {
      // Query strings as sent, some outside the contract's types: by hand.
      const url = buildPath(getOrdersRoute.path, { userId: alice.userId }) + query;
      const res = await t.app.inject({ method: 'GET', url, headers: alice.headers() });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg).toBe('invalid request');
    }
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, getOrdersRoute, { params: { userId: alice.userId }, host: null });
    expect(res.status).toBe(401);
  });
});
