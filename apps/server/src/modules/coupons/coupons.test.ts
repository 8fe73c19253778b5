import { bindCouponRoute, getCouponsRoute, redeemGiftCodeRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { balance } from '../grants/grants.service.js';

const DAY = 86_400;

describeOnEachDialect('coupons on $name', (t) => {
  const cli = cliRunner(() => t);

  /** A client address of its own per call, so the per-address limit of failed tries never mixes tests. */
  let addresses = 0;
  const freshIp = () => `203.0.113.${++addresses % 250}`;

  /** Defines a coupon with the operator command; its id. */
  async function defineCoupon(...flags: string[]): Promise<number> {
    const made = await cli('coupon:define', '--info', 'Templates: ¥10 off', ...flags);
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return made.json.id as number;
  }

  /** Codes that give coupon `id`, made as an operator makes them. */
  async function couponCodes(id: number, ...flags: string[]): Promise<string[]> {
    const made = await cli('code:batch', '--label', 'coupons', '--kind', 'gift', '--coupon', String(id), ...flags);
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return made.json.codes as string[];
  }

  const bind = (user: TestUser, code: string, replace?: boolean, headers?: Record<string, string>) =>
    call(t, bindCouponRoute, {
      as: user,
      body: replace === undefined ? { code } : { code, replace },
      ip: freshIp(),
      ...(headers ? { headers } : {}),
    });
  const held = async (user: TestUser) => (await call(t, getCouponsRoute, { as: user })).ok().data;
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;
  const liveCouponGrants = (userId: number) =>
    t.app.db
      .selectFrom('grants')
      .select(['id', 'item'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'coupon')
      .where('revoked_at', 'is', null)
      .execute();

  it('binds a coupon code and shows the coupon with its range, limits, expiry and rules', async () => {
    const id = await defineCoupon('--type', '1', '--value', '1000', '--min-spend', '5000', '--days', '30');
    const [code] = await couponCodes(id);
    const alice = await testUser(t);
    expect(await held(alice)).toEqual([]);

    const res = await bind(alice, code!);
    const coupon = res.ok().data;
    expect(coupon).toMatchObject({
      info: ['Templates: ¥10 off'],
      product: 'all',
      product_type: 'template',
      type: 1,
      value: 1000,
      currency: 'CNY',
      min_spend: 5000,
      updated_at: t.clock.now(),
      exp: t.clock.now() + 30 * DAY,
      range: ['max', 'mind'],
      url: [
        { name: 'max', url: '/templates/diagram' },
        { name: 'mind', url: '/templates/mind-map' },
      ],
      rules: ['account_only', 'one_per_order'],
    });
    // Only the last four characters of the code are shown again.
    expect(coupon.code).toBe(`••••-••••-••••-${code!.slice(-4)}`);
    expect(await held(alice)).toEqual([coupon]);
  });

  it('answers `invalid code` for a code that is not a coupon’s, and changes nothing', async () => {
    const [points] = (await cli('code:batch', '--label', 'pts', '--kind', 'gift', '--ai-points', '5')).json.codes;
    const [activation] = (
      await cli('code:batch', '--label', 'act', '--kind', 'activation', '--product', 'max', '--type', '209')
    ).json.codes;
    const id = await defineCoupon('--type', '2', '--value', '20');
    const [disabled] = await couponCodes(id);
    expect((await cli('code:disable', '--code', disabled!)).code).toBe(0);
    const bob = await testUser(t);
    for (const code of ['ABCD-EFGH-JKMN-PQRS', 'NOPE', points, activation, disabled!]) {
      const res = await bind(bob, code);
      expect([res.status, msgOf(res)], code).toEqual([404, 'invalid code']);
    }
    expect(await held(bob)).toEqual([]);
    // The gift code still gives its points where it belongs.
    expect((await call(t, redeemGiftCodeRoute, { as: bob, body: { code: points }, ip: freshIp() })).status).toBe(200);
    expect(await balance(t.app.db, bob.userId, 'ai_points', t.clock.now())).toBe(5);
  });

  it('holds one coupon at a time: asks before replacing, and swaps it only when confirmed', async () => {
    const first = await defineCoupon('--type', '1', '--value', '500');
    const second = await defineCoupon('--type', '2', '--value', '15', '--product', 'mind');
    const [a] = await couponCodes(first);
    const [b] = await couponCodes(second);
    const carol = await testUser(t);
    const bound = (await bind(carol, a!)).ok().data;

    const asked = await bind(carol, b!);
    expect([asked.status, msgOf(asked)]).toEqual([409, 'only one coupon']);
    expect(await held(carol)).toEqual([bound]);

    const replaced = (await bind(carol, b!, true)).ok().data;
    expect(replaced).toMatchObject({ type: 2, value: 15, product: 'mind', range: ['mind'] });
    expect(await held(carol)).toEqual([replaced]);
    const grants = await t.app.db
      .selectFrom('grants')
      .select(['item', 'revoked_at', 'revoke_reason'])
      .where('user_id', '=', carol.userId)
      .where('kind', '=', 'coupon')
      .orderBy('id')
      .execute();
    expect(grants.map((g) => [g.item, g.revoked_at !== null])).toEqual([
      [String(first), true],
      [String(second), false],
    ]);
    expect(grants[0]!.revoke_reason).toMatch(/^coupon replaced/);
  });

  it('lets an expired coupon go without asking', async () => {
    const id = await defineCoupon('--type', '1', '--value', '300', '--days', '1');
    const [a, b] = await couponCodes(id, '--count', '2');
    const dave = await testUser(t);
    expect((await bind(dave, a!)).status).toBe(200);
    t.clock.advance(DAY);
    await dave.signInAgain();
    expect(await held(dave)).toEqual([]);
    expect((await bind(dave, b!)).status).toBe(200);
    expect(await liveCouponGrants(dave.userId)).toHaveLength(1);
  });

  it('answers `expired` for a code past its batch or a coupon past its end, and `only once` for a used code', async () => {
    const now = t.clock.now();
    const ending = await defineCoupon('--type', '1', '--value', '300', '--valid-until', String(now + 60));
    const [late] = await couponCodes(ending);
    const lasting = await defineCoupon('--type', '1', '--value', '300');
    const [batchEnds] = await couponCodes(lasting, '--valid-until', String(now + 60));
    const [once] = await couponCodes(lasting);
    const erin = await testUser(t);
    const frank = await testUser(t);
    expect((await bind(erin, once!)).status).toBe(200);
    const used = await bind(frank, once!);
    expect([used.status, msgOf(used)]).toEqual([409, 'only once']);
    t.clock.advance(60);
    for (const code of [late!, batchEnds!]) {
      const res = await bind(frank, code);
      expect([res.status, msgOf(res)]).toEqual([410, 'expired']);
    }
    expect(await held(frank)).toEqual([]);
  });

  it('refuses a gift code that gives a coupon while one is held, giving nothing of it', async () => {
    const id = await defineCoupon('--type', '15', '--value', '800');
    const [mine] = await couponCodes(id);
    const [gift] = (
      await cli('code:batch', '--label', 'bundle', '--kind', 'gift', '--coupon', String(id), '--ai-points', '50')
    ).json.codes;
    const gina = await testUser(t);
    expect((await bind(gina, mine!)).ok().data.rules).toEqual(['account_only', 'one_per_order', 'mobile_only']);
    const refused = await call(t, redeemGiftCodeRoute, { as: gina, body: { code: gift }, ip: freshIp() });
    expect([refused.status, msgOf(refused)]).toEqual([409, 'only one coupon']);
    expect(await balance(t.app.db, gina.userId, 'ai_points', t.clock.now())).toBe(0);
    // On the coupons screen the same code may replace it, and gives its points too.
    expect((await bind(gina, gift, true)).ok().data.type).toBe(15);
    expect(await balance(t.app.db, gina.userId, 'ai_points', t.clock.now())).toBe(50);
  });

  it('binds an amount off only in the currency of the account’s region; a percentage anywhere', async () => {
    const yuan = await defineCoupon('--type', '1', '--value', '500', '--currency', 'CNY');
    const dollars = await defineCoupon('--type', '15', '--value', '500', '--currency', 'USD');
    const percent = await defineCoupon('--type', '2', '--value', '10', '--currency', 'CNY');
    const [inYuan] = await couponCodes(yuan);
    const [inDollars] = await couponCodes(dollars);
    const [inPercent] = await couponCodes(percent);
    const overseas = await testUser(t, { region: 'overseas' });
    const refused = await bind(overseas, inYuan!);
    expect([refused.status, msgOf(refused)]).toEqual([404, 'invalid code']);
    expect((await bind(overseas, inDollars!)).ok().data).toMatchObject({ currency: 'USD', value: 500 });
    expect((await bind(overseas, inPercent!, true)).ok().data).toMatchObject({ type: 2, value: 10 });
    // The refused code stays unused for an account of its own region.
    expect((await bind(await testUser(t, { region: 'domestic' }), inYuan!)).status).toBe(200);
  });

  it('refuses a coupon that does not exist when codes are made', async () => {
    const made = await cli('code:batch', '--label', 'x', '--kind', 'gift', '--coupon', '999999');
    expect(made.code).not.toBe(0);
    const bad = await cli('coupon:define', '--info', 'x', '--type', '2', '--value', '100');
    expect(bad.code).not.toBe(0);
  });

  it('answers a retry with the same Idempotency-Key as the first success', async () => {
    const id = await defineCoupon('--type', '1', '--value', '100');
    const [code] = await couponCodes(id);
    const hana = await testUser(t);
    const headers = { 'idempotency-key': 'coupon-hana-1' };
    const first = await bind(hana, code!, undefined, headers);
    const retry = await bind(hana, code!, undefined, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('refuses another user’s id and bad bodies, writing nothing', async () => {
    const ivan = await testUser(t);
    const jane = await testUser(t);
    const id = await defineCoupon('--type', '1', '--value', '100');
    const [code] = await couponCodes(id);
    expect((await call(t, getCouponsRoute, { as: ivan, params: { userId: jane.userId } })).status).toBe(403);
    expect(
      (await call(t, bindCouponRoute, { as: ivan, params: { userId: jane.userId }, body: { code: code! } })).status,
    ).toBe(403);
    const attemptsBefore = await t.app.db.selectFrom('code_attempts').select('id').execute();
    for (const payload of [
      { code: 12 },
      { code: 'X'.repeat(25) },
      { code: 'x'.repeat(10_000) },
      { code: code!, extra: 1 },
      { code: code!, replace: 'yes' },
      {},
      { code: '' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/${ivan.userId}/promo/bind`,
        headers: { authorization: `Bearer ${ivan.token}`, host: 'localhost' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', msg: 'invalid request' });
    }
    expect(await t.app.db.selectFrom('code_attempts').select('id').execute()).toHaveLength(attemptsBefore.length);
    expect(await held(ivan)).toEqual([]);
  });

  it('keeps a second live coupon out at the database, whatever the application does', async () => {
    const id = await defineCoupon('--type', '1', '--value', '100');
    const [code] = await couponCodes(id);
    const kim = await testUser(t);
    expect((await bind(kim, code!)).status).toBe(200);
    await expect(
      t.app.db
        .insertInto('grants')
        .values({
          user_id: kim.userId,
          kind: 'coupon',
          item: String(id),
          amount: null,
          remaining: null,
          starts_at: null,
          expires_at: null,
          source_kind: 'operator',
          source_id: 'by-hand',
          reason: 'a second coupon',
          granted_at: t.clock.now(),
          revoked_at: null,
          revoke_reason: null,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  describe('races', () => {
    it('20 binds of one account at once: exactly one coupon held', async () => {
      const id = await defineCoupon('--type', '1', '--value', '100');
      const codes = await couponCodes(id, '--count', '20');
      const lee = await testUser(t);
      const answers = await Promise.all(codes.map((code) => bind(lee, code)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
      // The rest hear the replace prompt or, past the account's failed tries, too frequent.
      const refusals = new Set(answers.filter((res) => res.status !== 200).map(msgOf));
      expect([...refusals].every((msg) => msg === 'only one coupon' || msg === 'too frequent')).toBe(true);
      expect(await liveCouponGrants(lee.userId)).toHaveLength(1);
    });

    it('concurrent confirmed replaces: one coupon, the last one confirmed', async () => {
      const ids = await Promise.all(
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => defineCoupon('--type', '1', '--value', String(n * 100))),
      );
      const codes = (await Promise.all(ids.map((id) => couponCodes(id)))).map(([code]) => code!);
      const mia = await testUser(t);
      const answers = await Promise.all(codes.map((code) => bind(mia, code, true)));
      expect(answers.map((res) => res.status)).toEqual(codes.map(() => 200));
      const live = await liveCouponGrants(mia.userId);
      expect(live).toHaveLength(1);
      // The last to commit holds the newest grant; the account sees exactly that one.
      const newest = Math.max(...answers.map((res) => (res.body as { data: { id: number } }).data.id));
      expect(live[0]!.id).toBe(newest);
      expect((await held(mia)).map((c) => c.id)).toEqual([newest]);
    });
  });
});
