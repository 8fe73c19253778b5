import {
  consumePointsRoute,
  getAiPointDailyUseRoute,
  getAiPointsRoute,
  getAiPointsV1Route,
  internalPointBalanceRoute,
  listAiPointAcquisitionsRoute,
  listAiPointUsageRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { expectLedgerAgrees } from '../../../test/helpers/ledger.js';
import { describeOnEachDialect, TEST_SERVICE_KEYS } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { serviceOfKey } from '../../lib/service-key.js';
import { expirePoints } from './points.service.js';

const DAY = 86_400;
let keys = 0;

describeOnEachDialect('AI points on $name', (t, dialect) => {
  const cli = cliRunner(() => t);

  async function give(user: TestUser, amount: number, ...flags: string[]): Promise<number> {
    const made = await cli(
      'points:grant',
      '--user',
      String(user.userId),
      '--amount',
      String(amount),
      '--reason',
      'test',
      ...flags,
    );
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return made.json.grant.id as number;
  }

  /** A product's server spends points, with a key of its own unless one is given. */
  const consume = (
    user: TestUser | number,
    points: number,
    options: { product?: 'max' | 'mind'; feature?: number; key?: string; serviceKey?: string | null } = {},
  ) =>
    call(t, consumePointsRoute, {
      body: {
        user_id: typeof user === 'number' ? user : user.userId,
        product: options.product ?? 'mind',
        feature_code: options.feature ?? 2,
        points,
      },
      headers: {
        ...(options.serviceKey === null ? {} : { 'x-service-key': options.serviceKey ?? TEST_SERVICE_KEYS.products }),
        'idempotency-key': options.key ?? `consume-${++keys}`,
      },
    });
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;
  const usesOf = (userId: number) =>
    t.app.db.selectFrom('ai_point_usages').selectAll().where('user_id', '=', userId).orderBy('seq').execute();

  it('spends the soonest-expiring grant first, then the oldest, and links each use to its draws', async () => {
    const alice = await testUser(t);
    const now = t.clock.now();
    const lasting = await give(alice, 100);
    const later = await give(alice, 50, '--expires', String(now + 30 * DAY), '--method', 'Buy_AI_Group');
    const sooner = await give(alice, 30, '--expires', String(now + 7 * DAY), '--method', 'Daily_Check-In_Bonus');

    const res = await consume(alice, 60, { product: 'max', feature: 1003 });
    expect(res.ok().data).toEqual({ usage_id: expect.any(Number), balance: 120, unlimited: false });
    const draws = await t.app.db
      .selectFrom('ledger_entries')
      .select(['grant_id', 'delta'])
      .where('reference', '=', `ai_usage:${res.ok().data.usage_id}`)
      .orderBy('id')
      .execute();
    expect(draws).toEqual([
      { grant_id: sooner, delta: -30 },
      { grant_id: later, delta: -30 },
    ]);
    const [use] = await usesOf(alice.userId);
    expect(use).toMatchObject({
      seq: 1,
      product_type: 1,
      feature_code: 1003,
      points: 60,
      after_point: 120,
      unlimited: 0,
    });
    expect(await expectLedgerAgrees(t.app.db, alice.userId, 'ai_points', now)).toBe(120);
    void lasting;
  });

  it('answers `Exceeded usage limit.` when short, writing nothing', async () => {
    const bob = await testUser(t);
    await give(bob, 5);
    const res = await consume(bob, 6);
    expect([res.status, msgOf(res)]).toEqual([409, 'Exceeded usage limit.']);
    expect(await usesOf(bob.userId)).toEqual([]);
    const account = await t.app.db
      .selectFrom('ai_point_accounts')
      .select('usage_count')
      .where('user_id', '=', bob.userId)
      .executeTakeFirst();
    expect(account?.usage_count ?? 0).toBe(0);
    expect(await expectLedgerAgrees(t.app.db, bob.userId, 'ai_points', t.clock.now())).toBe(5);
  });

  it('refuses a feature code that is not the product’s', async () => {
    const carol = await testUser(t);
    await give(carol, 50);
    for (const [product, feature] of [
      ['mind', 1001],
      ['mind', 30],
      ['max', 29],
      ['max', 1117],
      ['max', 2001],
      ['mind', 2001],
    ] as const) {
      const res = await consume(carol, 1, { product, feature });
      expect([res.status, msgOf(res)], `${product} ${feature}`).toEqual([400, 'unknown feature']);
    }
    expect((await consume(carol, 1, { product: 'mind', feature: 29 })).status).toBe(200);
    expect((await consume(carol, 1, { product: 'max', feature: 1116 })).status).toBe(200);
  });

  it('records uses during unlimited use without touching the balance, and shows the days left', async () => {
    const dave = await testUser(t);
    await give(dave, 20);
    const given = await cli('points:unlimited', '--user', String(dave.userId), '--days', '3');
    expect(given.json).toMatchObject({ unlimited_days: 3, unlimit_date: t.clock.now() + 3 * DAY });
    const res = await consume(dave, 500);
    expect(res.ok().data).toMatchObject({ balance: 20, unlimited: true });
    const points = (await call(t, getAiPointsRoute, { as: dave })).ok().data;
    expect(points).toMatchObject({ balance: 20, unlimited_days: 3 });
    expect((await usesOf(dave.userId))[0]).toMatchObject({ points: 500, after_point: 20, unlimited: 1 });

    expect((await cli('points:unlimited', '--user', String(dave.userId), '--end')).code).toBe(0);
    expect(msgOf(await consume(dave, 500))).toBe('Exceeded usage limit.');
    expect((await consume(dave, 5)).ok().data).toMatchObject({ balance: 15, unlimited: false });
    expect((await call(t, getAiPointsRoute, { as: dave })).ok().data).toMatchObject({
      unlimit_date: null,
      unlimited_days: 0,
    });
  });

  it('lets expired points go once, with a usage row of code 2001, whatever sweeps at once', async () => {
    const erin = await testUser(t);
    const now = t.clock.now();
    await give(erin, 40, '--expires', String(now + DAY));
    await give(erin, 10);
    await consume(erin, 15);
    t.clock.advance(DAY);
    // A second instance has connections of its own on PostgreSQL; SQLite's driver is synchronous,
    // so two instances in one process would block each other (two processes: sweep-processes.test.ts).
    const other = dialect.name === 'postgres' ? (await t.anotherInstance()).db : t.app.db;
    const sweeps = await Promise.all([
      expirePoints(t.app.db, t.clock.now()),
      expirePoints(other, t.clock.now()),
      expirePoints(t.app.db, t.clock.now()),
    ]);
    const expired = await t.app.db
      .selectFrom('ai_point_usages')
      .selectAll()
      .where('user_id', '=', erin.userId)
      .where('feature_code', '=', 2001)
      .execute();
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ points: 25, after_point: 10, product_type: 0, seq: 2 });
    expect(sweeps.reduce((sum, sweep) => sum + sweep.points, 0)).toBeGreaterThanOrEqual(25);
    expect((await cli('points:expire')).json).toEqual({ grants: 0, points: 0 });
    await erin.signInAgain();
    expect(await expectLedgerAgrees(t.app.db, erin.userId, 'ai_points', t.clock.now())).toBe(10);
  });

  it('reads the balance, what expires, the usage history by page and every acquisition', async () => {
    const fay = await testUser(t);
    const now = t.clock.now();
    await give(fay, 1000, '--method', 'Membership_Bonus', '--expires', String(now + 10 * DAY));
    await give(fay, 5, '--method', 'New_User_Reward');
    for (let i = 0; i < 25; i++) await consume(fay, 1, { feature: (i % 29) + 1 });

    const v2 = (await call(t, getAiPointsRoute, { as: fay })).ok().data;
    expect(v2).toEqual({
      balance: 980,
      unlimit_date: null,
      unlimited_days: 0,
      expiring: [{ points: 975, exp_time: now + 10 * DAY }],
    });
    expect((await call(t, getAiPointsV1Route, { as: fay })).ok().data).toEqual({ unlimit_date: null, balance: 980 });

    const first = (await call(t, listAiPointUsageRoute, { as: fay })).ok();
    expect(first.count).toBe(25);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ desc_type: 25, product_type: 2, points: 1, after_point: 980 });
    const third = (await call(t, listAiPointUsageRoute, { as: fay, query: { page: 3, page_size: 10 } })).ok();
    expect(third.data.map((use) => use.desc_type)).toEqual([5, 4, 3, 2, 1]);
    expect(third.data.at(-1)?.after_point).toBe(1004);
    const beyond = (await call(t, listAiPointUsageRoute, { as: fay, query: { page: 4 } })).ok();
    expect(beyond).toMatchObject({ data: [], count: 25 });
    const odd = await t.app.inject({
      method: 'GET',
      url: `/api/user/${fay.userId}/points/list?page_size=15`,
      headers: { authorization: `Bearer ${fay.token}` },
    });
    expect(odd.statusCode).toBe(400);

    const acquired = (await call(t, listAiPointAcquisitionsRoute, { as: fay })).ok().data;
    expect(acquired.map((row) => [row.method, row.source, row.total_points, row.residue_points])).toEqual([
      ['New_User_Reward', 4, 5, 5],
      ['Membership_Bonus', 2, 1000, 975],
    ]);
  });

  it('sums the last 30 days’ uses per day, product and feature, as the reader’s clock counts days', async () => {
    const gus = await testUser(t);
    await give(gus, 1000);
    // Days of our own, ahead of every other test's: the last use at 23:00 UTC of day `last`.
    const last = Math.floor(t.clock.now() / DAY) + 100;
    const end = last * DAY + 23 * 3600;
    await give(gus, 3, '--expires', String(end - 3600));
    t.clock.set(end - 33 * DAY);
    await consume(gus, 3, { feature: 1 }); // 33 days before: outside the chart
    t.clock.set(end - 2 * DAY);
    await consume(gus, 5, { feature: 2 });
    await consume(gus, 7, { product: 'max', feature: 1011 });
    t.clock.set(end - 2 * 3600);
    await consume(gus, 4, { feature: 2 }); // 21:00 UTC
    t.clock.set(end);
    await consume(gus, 4, { feature: 2 }); // 23:00 UTC
    await expirePoints(t.app.db, end); // a 2001 row: points left, but not a use
    await gus.signInAgain();

    const read = async (utcOffset?: number) => {
      const reply = (
        await call(t, getAiPointDailyUseRoute, {
          as: gus,
          query: utcOffset === undefined ? {} : { utc_offset: utcOffset },
        })
      ).ok().data;
      const rows = reply.list
        .map((row) => [row.day, row.product_type, row.desc_type, row.points])
        .sort((a, b) => a[0]! - b[0]! || a[2]! - b[2]!);
      return { firstDay: reply.first_day, rows };
    };
    // UTC: both of the last day's uses on day 29 (today), the two of two days before on day 27.
    expect(await read()).toEqual({
      firstDay: (last - 29) * DAY,
      rows: [
        [27, 2, 2, 5],
        [27, 1, 1011, 7],
        [29, 2, 2, 8],
      ],
    });
    // Two hours ahead of UTC, 23:00 UTC is 01:00 of the next day: today is a day later, and the
    // 21:00 use falls on the day before it.
    expect(await read(120)).toEqual({
      firstDay: (last - 28) * DAY - 7200,
      rows: [
        [27, 2, 2, 5],
        [27, 1, 1011, 7],
        [28, 2, 2, 4],
        [29, 2, 2, 4],
      ],
    });
    const odd = await t.app.inject({
      method: 'GET',
      url: `/api/user/${gus.userId}/points/daily?utc_offset=900`,
      headers: { authorization: `Bearer ${gus.token}` },
    });
    expect(odd.statusCode).toBe(400);
  });

  describe('the consumption call', () => {
    it('takes only the products’ key, and requires an idempotency key', async () => {
      const hal = await testUser(t);
      await give(hal, 10);
      for (const [serviceKey, status] of [
        [null, 401],
        ['x'.repeat(40), 401],
        [`${TEST_SERVICE_KEYS.products}x`, 401],
        [TEST_SERVICE_KEYS.templates, 403],
      ] as const) {
        expect((await consume(hal, 1, { serviceKey })).status, String(serviceKey)).toBe(status);
      }
      // A signed-in user's token is not a service's key.
      const asUser = await t.app.inject({
        method: 'POST',
        url: '/api/internal/points/consume',
        headers: { authorization: `Bearer ${hal.token}`, 'idempotency-key': 'k-1' },
        payload: { user_id: hal.userId, product: 'mind', feature_code: 1, points: 1 },
      });
      expect(asUser.statusCode).toBe(401);
      const keyless = await t.app.inject({
        method: 'POST',
        url: '/api/internal/points/consume',
        headers: { 'x-service-key': TEST_SERVICE_KEYS.products },
        payload: { user_id: hal.userId, product: 'mind', feature_code: 1, points: 1 },
      });
      expect(keyless.statusCode).toBe(400);
      expect(msgOf(await consume(999_999, 1))).toBe('not found');
      expect(await usesOf(hal.userId)).toEqual([]);
      const balance = await call(t, internalPointBalanceRoute, {
        query: { user_id: hal.userId },
        headers: { 'x-service-key': TEST_SERVICE_KEYS.products },
      });
      expect(balance.ok().data).toEqual({ balance: 10, unlimit_date: null });
    });

    it('compares service keys whole: a prefix, a longer key or another service’s is no key', () => {
      const keys = { products: 'a'.repeat(32), templates: 'b'.repeat(32) };
      expect(serviceOfKey(keys, 'a'.repeat(32))).toBe('products');
      expect(serviceOfKey(keys, 'b'.repeat(32))).toBe('templates');
      for (const other of ['a'.repeat(31), 'a'.repeat(33), '', undefined, ['a'.repeat(32)]]) {
        expect(serviceOfKey(keys, other)).toBeNull();
      }
    });

    it('refuses another user’s points on the user routes', async () => {
      const ida = await testUser(t);
      const jon = await testUser(t);
      for (const route of [
        getAiPointsRoute,
        getAiPointsV1Route,
        listAiPointUsageRoute,
        listAiPointAcquisitionsRoute,
        getAiPointDailyUseRoute,
      ]) {
        expect((await call(t, route, { as: ida, params: { userId: jon.userId } })).status).toBe(403);
      }
    });
  });

  describe('races', () => {
    it('50 uses of 10 at once against 100: exactly 10 succeed, and the balance ends at 0', async () => {
      const kay = await testUser(t);
      await give(kay, 60, '--expires', String(t.clock.now() + DAY));
      await give(kay, 40);
      const answers = await Promise.all(Array.from({ length: 50 }, () => consume(kay, 10)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(10);
      expect(answers.filter((res) => msgOf(res) === 'Exceeded usage limit.')).toHaveLength(40);
      expect(await expectLedgerAgrees(t.app.db, kay.userId, 'ai_points', t.clock.now())).toBe(0);
      const uses = await usesOf(kay.userId);
      expect(uses.map((use) => use.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(uses.map((use) => use.after_point)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
    });

    it('20 uses at once under one Idempotency-Key: one effect, the same answer', async () => {
      const lou = await testUser(t);
      await give(lou, 100);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => consume(lou, 7, { key: `same-${lou.userId}` })),
      );
      const done = answers.filter((res) => res.status === 200);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(new Set(done.map((res) => JSON.stringify(res.body))).size).toBe(1);
      // The others heard the key is in use, and no second use was made.
      expect(answers.filter((res) => res.status !== 200).every((res) => res.status === 409)).toBe(true);
      expect(await usesOf(lou.userId)).toHaveLength(1);
      expect(await expectLedgerAgrees(t.app.db, lou.userId, 'ai_points', t.clock.now())).toBe(93);
    });

    it('after a mix of uses, expiries and grants, balance = residues = grants − uses', async () => {
      const max = await testUser(t);
      const now = t.clock.now();
      await give(max, 300, '--expires', String(now + 60));
      await give(max, 200);
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          consume(max, 13, { product: i % 2 ? 'max' : 'mind', feature: i % 2 ? 1050 : 7 }),
        ),
      ]);
      t.clock.advance(60);
      await Promise.all([expirePoints(t.app.db, t.clock.now()), consume(max, 9)]);
      await max.signInAgain();
      const balance = await expectLedgerAgrees(t.app.db, max.userId, 'ai_points', t.clock.now());
      const used = (await usesOf(max.userId)).reduce((sum, use) => sum + (use.unlimited ? 0 : use.points), 0);
      expect(balance).toBe(500 - used);
      expect((await call(t, getAiPointsRoute, { as: max })).ok().data.balance).toBe(balance);
    });
  });
});
