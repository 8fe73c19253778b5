import {
  FOREVER_EXPIRY,
  getLicencesRoute,
  normaliseRedeemCode,
  personalPlatforms,
  REDEEM_CODE_ALPHABET,
  redeemGiftCodeRoute,
  redeemLicenceCodeRoute,
} from '@account-centre/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { balance } from '../grants/grants.service.js';
import { redeemLimits } from './redemption.service.js';

describe.each(dialects)('redeemable codes on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);

  /** A client address of its own per caller, so the per-address limit never mixes tests. */
  let addresses = 0;
  const freshIp = () => `198.51.100.${++addresses}`;

  /** Makes a batch with the operator command; its printed codes. */
  async function batch(...options: string[]): Promise<string[]> {
    const made = await cli('code:batch', '--label', 'test batch', ...options);
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return made.json.codes as string[];
  }

  const redeem = (
    route: typeof redeemLicenceCodeRoute | typeof redeemGiftCodeRoute,
    user: TestUser,
    code: string,
    ip = freshIp(),
  ) => call(t, route, { as: user, body: { code }, ip });
  const licence = (user: TestUser, code: string, ip?: string) => redeem(redeemLicenceCodeRoute, user, code, ip);
  const gift = (user: TestUser, code: string, ip?: string) => redeem(redeemGiftCodeRoute, user, code, ip);
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;
  const record = (userId: number, product: string) =>
    t.app.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('product', '=', product as 'max')
      .executeTakeFirst();

  it('prints codes once, long and of an alphabet without look-alikes; stores only digests', async () => {
    const codes = await batch('--kind', 'activation', '--product', 'max', '--type', '209', '--count', '3');
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect([...normaliseRedeemCode(code)].every((c) => REDEEM_CODE_ALPHABET.includes(c))).toBe(true);
      expect(normaliseRedeemCode(code)).not.toMatch(/[01OILU]/);
    }
    const stored = await t.app.db.selectFrom('redeem_codes').select(['digest', 'hint']).execute();
    for (const code of codes) {
      const plain = normaliseRedeemCode(code);
      expect(stored.some((row) => row.digest.includes(plain))).toBe(false);
      expect(stored.some((row) => row.hint === plain.slice(-4))).toBe(true);
    }
  });

  it('writes a batch to a new CSV file once, and never over an existing file', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codes-')), 'batch.csv');
    const made = await cli(
      'code:batch',
      ...flags({ label: 'fair', kind: 'gift', 'ai-points': '5', count: '4', csv: file }),
    );
    expect(made.json).toMatchObject({ written: file, count: 4 });
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('code');
    expect(lines.slice(1)).toHaveLength(4);
    const again = await cli('code:batch', '--label', 'fair', '--kind', 'gift', '--ai-points', '5', '--csv', file);
    expect(again.code).toBe(1);
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toEqual(lines);
    const carl = await testUser(t);
    expect((await gift(carl, lines[1]!)).status).toBe(200);
  });

  it('binds an activation code to one account, never again, and gives its licence', async () => {
    const [code] = await batch('--kind', 'activation', '--product', 'max', '--type', '209', '--platforms', 'win,mac');
    const alice = await testUser(t);
    const bob = await testUser(t);
    // Case, spaces and dashes do not matter.
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ')} `;
    const res = await licence(alice, typed);
    expect(res.ok().data).toMatchObject({
      kind: 'activation',
      product: 'max',
      grants: [{ kind: 'licence', item: 'max' }],
    });
    const held = await record(alice.userId, 'max');
    expect(held?.win_exp).toBeGreaterThan(t.clock.now());
    expect(held?.mac_exp).toBe(held?.win_exp);
    expect(held?.linux_exp).toBeNull();

    for (const who of [alice, bob]) {
      const again = await licence(who, code!);
      expect([again.status, msgOf(again)]).toEqual([409, 'only once']);
    }
    expect(await record(bob.userId, 'max')).toBeUndefined();
  });

  it('gives a gift code’s points and credit through the grants module', async () => {
    const [code] = await batch('--kind', 'gift', '--ai-points', '300', '--template-credit', '5', '--days', '30');
    const carol = await testUser(t);
    const res = await gift(carol, code!);
    const { data } = res.ok();
    expect(data.kind).toBe('gift');
    expect(data.grants.map((g) => [g.kind, g.amount, g.expires_at])).toEqual([
      ['ai_points', 300, t.clock.now() + 30 * 86_400],
      ['template_credit', 5, t.clock.now() + 30 * 86_400],
    ]);
    expect(await balance(t.app.db, carol.userId, 'ai_points', t.clock.now())).toBe(300);
    expect(await balance(t.app.db, carol.userId, 'template_credit', t.clock.now())).toBe(5);
  });

  it('gives a course of the academy for good', async () => {
    const [code] = await batch('--kind', 'gift', '--course', 'mind-basics-101');
    const olga = await testUser(t);
    expect((await gift(olga, code!)).ok().data.grants).toEqual([
      { kind: 'course', item: 'mind-basics-101', amount: null, expires_at: null },
    ]);
    const bad = await cli('code:batch', '--label', 'x', '--kind', 'gift', '--course', 'no spaces');
    expect(bad.code).not.toBe(0);
  });

  it('gives a plan of seats to the team of its product that the person redeeming owns, and to no one else', async () => {
    const [code] = await batch('--kind', 'gift', '--team-plan', 'max:63:4');
    const [owner, member, loner] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
    const team = (
      await cli('team:create', '--product', 'max', '--name', 'Seats', '--owner', owner.email, '--members', '9')
    ).json as { id: number };
    expect((await cli('team:add-member', '--team', String(team.id), '--user', member.email)).code).toBe(0);
    for (const who of [member, loner]) {
      const refused = await gift(who, code!);
      expect([refused.status, msgOf(refused)]).toEqual([409, 'team owner only']);
    }
    const given = (await gift(owner, code!)).ok().data;
    const end = t.clock.now() + 3 * 365 * 86_400;
    expect(given.grants).toEqual([{ kind: 'seats', item: `team:${team.id}`, amount: 4, expires_at: end }]);
    expect(given.benefits).toEqual([{ kind: 'seats', product: 'max', seats: 4, expires_at: end }]);
    const plans = (await cli('team:plans', '--team', String(team.id))).json;
    expect(plans).toEqual([expect.objectContaining({ type: 63, max_num: 4, plan_num: 0, is_expired: false })]);
    // Single-use: the same code again gives no second plan.
    expect(msgOf(await gift(owner, code!))).toBe('only once');
    const bad = await cli('code:batch', '--label', 'x', '--kind', 'gift', '--team-plan', 'mind:61:4');
    expect(bad.code).not.toBe(0);
  });

  it('adds membership days to what the account holds', async () => {
    const [code] = await batch('--kind', 'gift', '--membership', 'mind:30');
    const dave = await testUser(t);
    const res = await gift(dave, code!);
    expect(res.ok().data).toMatchObject({ kind: 'gift', product: 'mind' });
    expect((await record(dave.userId, 'mind'))?.win_exp).toBe(t.clock.now() + 30 * 86_400);
  });

  it('sends each kind of code to its own call; the licence call takes gift codes too', async () => {
    const [giftCode] = await batch('--kind', 'gift', '--ai-points', '10');
    const [company] = await batch('--kind', 'gift', '--company', '5:8');
    const [activation] = await batch('--kind', 'project', '--type', '2');
    const erin = await testUser(t);
    for (const res of [await gift(erin, activation!), await licence(erin, company!)]) {
      expect([res.status, msgOf(res)]).toEqual([400, 'wrong code kind']);
    }
    // Refused tries change nothing: the codes still work where they belong.
    expect((await licence(erin, activation!)).ok().data).toMatchObject({ kind: 'project', product: 'proj' });
    // The licence screen invites gift codes as well (/license, overseas, has no other box for them).
    expect((await licence(erin, giftCode!)).ok().data).toMatchObject({
      kind: 'gift',
      benefits: [{ kind: 'ai_points', amount: 10, expires_at: null }],
    });
    expect(await balance(t.app.db, erin.userId, 'ai_points', t.clock.now())).toBe(10);
    expect(msgOf(await gift(erin, giftCode!))).toBe('only once');
  });

  it('adds a code’s plan to the one held from where it ends, as a purchase of it does, and says so', async () => {
    const [first, second] = await batch('--kind', 'activation', '--product', 'max', '--type', '209', '--count', '2');
    const year = 31_536_000;
    const ivy = await testUser(t);
    const start = t.clock.now();
    expect((await licence(ivy, first!)).ok().data.benefits).toEqual([
      {
        kind: 'licence',
        product: 'max',
        order_type: 209,
        version: null,
        platforms: expect.any(Array),
        was: null,
        until: start + year,
      },
    ]);
    const renewed = (await licence(ivy, second!)).ok().data;
    // Two purchases of the plan end two years from the first (payments.test.ts); two codes too.
    expect(renewed.benefits).toEqual([
      expect.objectContaining({ kind: 'licence', product: 'max', was: start + year, until: start + 2 * year }),
    ]);
    const held = await record(ivy.userId, 'max');
    for (const end of [held?.win_exp, held?.online_exp, held?.android_exp]) expect(end).toBe(start + 2 * year);

    // Codes redeemed at once queue on the holder's lock: each adds its year.
    const burst = await batch('--kind', 'activation', '--product', 'max', '--type', '209', '--count', '4');
    const answers = await Promise.all(burst.map((code) => licence(ivy, code)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect((await record(ivy.userId, 'max'))?.win_exp).toBe(start + 6 * year);
  });

  it('answers `not exists` for a code never made, a malformed one and a disabled one', async () => {
    const [disabled, inBatch] = await batch('--kind', 'gift', '--ai-points', '10', '--count', '2');
    expect((await cli('code:disable', '--code', disabled!)).code).toBe(0);
    const frank = await testUser(t);
    const unknown = 'ABCD-EFGH-JKMN-PQRS';
    for (const code of [unknown, 'nope', disabled!]) {
      const res = await gift(frank, code);
      expect([res.status, msgOf(res)], code).toEqual([404, 'not exists']);
    }
    const { json } = await cli('code:lookup', '--code', inBatch!);
    expect((await cli('code:disable', '--batch', String(json.batch.id))).code).toBe(0);
    expect(msgOf(await gift(frank, inBatch!))).toBe('not exists');
  });

  it('keeps to the validity window: not yet valid, then valid, then expired', async () => {
    const now = t.clock.now();
    const [code, other] = await batch(
      '--kind',
      'gift',
      '--ai-points',
      '10',
      '--count',
      '2',
      '--valid-from',
      String(now + 60),
      '--valid-until',
      String(now + 120),
    );
    const gina = await testUser(t);
    const early = await gift(gina, code!);
    expect([early.status, msgOf(early)]).toEqual([409, 'not yet valid']);
    t.clock.advance(60);
    expect((await gift(gina, code!)).status).toBe(200);
    t.clock.advance(60);
    const late = await gift(gina, other!);
    expect([late.status, msgOf(late)]).toEqual([410, 'expired']);
  });

  it('serves a campaign code to N accounts once each, then answers the usage limit', async () => {
    const [code] = await batch('--kind', 'gift', '--ai-points', '10', '--limit', '2');
    const [first, second, third] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
    expect((await gift(first!, code!)).status).toBe(200);
    expect(msgOf(await gift(first!, code!))).toBe('only once');
    expect((await gift(second!, code!)).status).toBe(200);
    const over = await gift(third!, code!);
    expect([over.status, msgOf(over)]).toEqual([409, 'Exceeded usage limit.']);

    const { json } = await cli('code:lookup', '--code', code!);
    expect(json.state).toBe('used up');
    expect(json.redemptions.map((r: { user_id: number }) => r.user_id)).toEqual([first!.userId, second!.userId]);
    expect(json.attempts.map((a: { outcome: string }) => a.outcome)).toEqual([
      'redeemed',
      'used',
      'redeemed',
      'over_limit',
    ]);
  });

  it('replaces a held licence’s platforms, keeping its end', async () => {
    const [activation] = await batch('--kind', 'activation', '--product', 'max', '--type', '209', '--platforms', 'win');
    const [replacement] = await batch('--kind', 'replacement', '--product', 'max', '--platforms', 'mac,linux');
    const hana = await testUser(t);
    const nothing = await licence(hana, replacement!);
    expect([nothing.status, msgOf(nothing)]).toEqual([409, 'no licence to replace']);
    // The refused try left the code unused.
    expect((await licence(hana, activation!)).status).toBe(200);
    const end = (await record(hana.userId, 'max'))?.win_exp;
    expect((await licence(hana, replacement!)).ok().data).toMatchObject({ kind: 'replacement', product: 'max' });
    const after = await record(hana.userId, 'max');
    expect([after?.win_exp, after?.mac_exp, after?.linux_exp]).toEqual([null, end, end]);
  });

  it('replaces only the platforms it names, keeping every date and every other platform', async () => {
    // The demo's mind map: the desktop for ever, web and mobile (and so upgrades) for two years.
    const [desktop] = await batch('--kind', 'activation', '--product', 'mindmaster', '--type', '14');
    const [everywhere] = await batch('--kind', 'activation', '--product', 'mindmaster', '--type', '216');
    const [toDesktops] = await batch('--kind', 'replacement', '--product', 'mind', '--platforms', 'win,mac,linux');
    const [toWeb] = await batch('--kind', 'replacement', '--product', 'mind', '--platforms', 'online');
    const [toMac] = await batch('--kind', 'replacement', '--product', 'mind', '--platforms', 'mac');
    const jo = await testUser(t);
    const onlyDesktop = await testUser(t);
    expect((await licence(jo, desktop!)).status).toBe(200);
    expect((await licence(jo, everywhere!)).status).toBe(200);
    const rows = async (user: TestUser) =>
      (await call(t, getLicencesRoute, { as: user })).ok().data.filter((row) => row.product === 'mind');
    const before = await rows(jo);
    const ends = (row: Awaited<ReturnType<typeof record>>) =>
      personalPlatforms.map((platform) => row?.[`${platform}_exp`] ?? null);
    const endsBefore = ends(await record(jo.userId, 'mind'));
    expect(endsBefore.slice(0, 3)).toEqual([FOREVER_EXPIRY, FOREVER_EXPIRY, FOREVER_EXPIRY]);
    expect(endsBefore[3]).toBeLessThan(FOREVER_EXPIRY);

    const replaced = (await licence(jo, toDesktops!)).ok().data;
    expect(replaced).toMatchObject({ kind: 'replacement', product: 'mind' });
    expect(ends(await record(jo.userId, 'mind'))).toEqual(endsBefore);
    expect(await rows(jo)).toEqual(before);

    // Onto one desktop: that desktop takes the others' end, web and mobile stay as they were.
    expect((await licence(jo, toMac!)).status).toBe(200);
    expect(ends(await record(jo.userId, 'mind'))).toEqual([null, FOREVER_EXPIRY, null, ...endsBefore.slice(3)]);
    expect((await rows(jo)).map((row) => [row.platforms, row.updateEndTime])).toEqual(
      before.map((row) => [row.platforms.filter((p) => p !== 'win' && p !== 'linux'), row.updateEndTime]),
    );

    // A replacement never gives a platform of a kind the licence does not cover.
    const [desktopOnly] = await batch('--kind', 'activation', '--product', 'mindmaster', '--type', '14');
    expect((await licence(onlyDesktop, desktopOnly!)).status).toBe(200);
    const refused = await licence(onlyDesktop, toWeb!);
    expect([refused.status, msgOf(refused)]).toEqual([409, 'no licence to replace']);
  });

  it('names every benefit a gift gave, with its unit', async () => {
    const couponId = (await cli('coupon:define', '--info', 'Templates: ¥10 off', '--type', '1', '--value', '1000')).json
      .id as number;
    const [code] = await batch(
      '--kind',
      'gift',
      '--ai-points',
      '500',
      '--template-credit',
      '1000',
      '--days',
      '90',
      '--membership',
      'max:30',
      '--coupon',
      String(couponId),
      '--course',
      'mind-basics-101',
    );
    const kate = await testUser(t);
    const now = t.clock.now();
    const { data } = (await gift(kate, code!)).ok();
    expect(data.benefits).toEqual([
      { kind: 'ai_points', amount: 500, expires_at: now + 90 * 86_400 },
      { kind: 'template_credit', amount: 1000, currency: 'CNY', expires_at: now + 90 * 86_400 },
      {
        kind: 'licence',
        product: 'max',
        order_type: null,
        version: null,
        platforms: [...personalPlatforms],
        was: null,
        until: now + 30 * 86_400,
      },
      { kind: 'coupon', type: 1, value: 1000, currency: 'CNY', min_spend: 0, expires_at: null },
      { kind: 'course', course: 'mind-basics-101' },
    ]);
  });

  it('limits failed tries per account, answering 429 `too frequent` with when to retry', async () => {
    const ivan = await testUser(t);
    const [good] = await batch('--kind', 'gift', '--ai-points', '10');
    const allowed = redeemLimits.account[0]!.failures;
    for (let i = 0; i < allowed; i++) expect((await gift(ivan, 'ABCD-EFGH-JKMN-PQR2')).status).toBe(404);
    const limited = await gift(ivan, good!);
    expect([limited.status, msgOf(limited)]).toEqual([429, 'too frequent']);
    expect((limited.body as { code: number }).code).toBe(5);
    expect((limited.body as { data: { retry_after: number } }).data.retry_after).toBeGreaterThan(0);
    t.clock.advance(61);
    expect((await gift(ivan, good!)).status).toBe(200);
  });

  it('limits failed tries per address across accounts', async () => {
    const ip = freshIp();
    const callers = await Promise.all(Array.from({ length: 4 }, () => testUser(t)));
    const allowed = redeemLimits.address[0]!.failures;
    for (let i = 0; i < allowed; i++) await gift(callers[i % 4]!, `ABCD-EFGH-JKMN-PQ${REDEEM_CODE_ALPHABET[i]}2`, ip);
    const limited = await gift(callers[0]!, 'ABCD-EFGH-JKMN-PQR3', ip);
    expect([limited.status, msgOf(limited)]).toEqual([429, 'too frequent']);
    t.clock.advance(61);
  });

  it('answers a retry with the same Idempotency-Key as the first success, granting once', async () => {
    const [code] = await batch('--kind', 'gift', '--ai-points', '7');
    const jane = await testUser(t);
    const headers = { 'idempotency-key': 'redeem-jane-1' };
    const first = await call(t, redeemGiftCodeRoute, { as: jane, body: { code: code! }, headers, ip: freshIp() });
    const retry = await call(t, redeemGiftCodeRoute, { as: jane, body: { code: code! }, headers, ip: freshIp() });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await balance(t.app.db, jane.userId, 'ai_points', t.clock.now())).toBe(7);
  });

  it('refuses another user’s id and bad bodies, writing nothing', async () => {
    const kim = await testUser(t);
    const lee = await testUser(t);
    const [code] = await batch('--kind', 'gift', '--ai-points', '10');
    for (const route of [redeemLicenceCodeRoute, redeemGiftCodeRoute]) {
      const other = await call(t, route, { as: kim, params: { userId: lee.userId }, body: { code: code! } });
      expect(other.status).toBe(403);
    }
    const attemptsBefore = await t.app.db.selectFrom('code_attempts').select('id').execute();
    for (const payload of [{ code: 12 }, { code: 'x'.repeat(10_000) }, { code: code!, extra: 1 }, {}, { code: '' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/${kim.userId}/prize/use`,
        headers: { authorization: `Bearer ${kim.token}`, host: 'localhost' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', msg: 'invalid request' });
    }
    expect(await t.app.db.selectFrom('code_attempts').select('id').execute()).toHaveLength(attemptsBefore.length);
    expect((await gift(kim, code!)).status).toBe(200);
  });

  describe('races', () => {
    it('50 accounts at once on a single-use code: one success, one grant, 49 `only once`', async () => {
      const [code] = await batch('--kind', 'gift', '--ai-points', '10');
      const users = await Promise.all(Array.from({ length: 50 }, () => testUser(t)));
      const answers = await Promise.all(users.map((user) => gift(user, code!)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
      expect(answers.filter((res) => msgOf(res) === 'only once')).toHaveLength(49);
      const grants = await t.app.db
        .selectFrom('grants')
        .select('id')
        .where('source_kind', '=', 'code')
        .where(
          'user_id',
          'in',
          users.map((u) => u.userId),
        )
        .execute();
      expect(grants).toHaveLength(1);
    });

    it('a campaign code of limit 5, 50 accounts at once: exactly 5; one account 20 times at once: 1', async () => {
      const [code] = await batch('--kind', 'gift', '--ai-points', '10', '--limit', '5');
      const users = await Promise.all(Array.from({ length: 50 }, () => testUser(t)));
      const answers = await Promise.all(users.map((user) => gift(user, code!)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
      expect(answers.filter((res) => msgOf(res) === 'Exceeded usage limit.')).toHaveLength(45);

      const [campaign] = await batch('--kind', 'gift', '--ai-points', '10', '--limit', '100');
      const one = await testUser(t);
      const burst = await Promise.all(Array.from({ length: 20 }, () => gift(one, campaign!)));
      expect(burst.filter((res) => res.status === 200)).toHaveLength(1);
      // The rest are refused as a repeat, or, past the account's failed tries, as too frequent.
      const refusals = new Set(burst.filter((res) => res.status !== 200).map(msgOf));
      expect([...refusals].every((msg) => msg === 'only once' || msg === 'too frequent')).toBe(true);
      expect(await balance(t.app.db, one.userId, 'ai_points', t.clock.now())).toBe(10);
    });
  });
});
