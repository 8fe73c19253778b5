import {
  getIncomeDetailRoute,
  getIncomeRoute,
  listNotificationsRoute,
  recordCashbackRoute,
  recordTemplateSaleRoute,
  refundIncomeRoute,
  requestWithdrawalRoute,
  type WithdrawalForm,
} from '@account-centre/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import {
  createTestApp,
  dialects,
  sameStartForEachTest,
  suiteTestApp,
  TEST_SERVICE_KEYS,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { auditDetails } from '../../../test/helpers/audit.js';

const DAY = 86_400;
const CARD = '11010519491231002X';
const FORM: WithdrawalForm = {
  zfb: '13800138000',
  identity_card: CARD,
  name: '张三',
  mobile: '13912345678',
  amount: '100',
};

let keys = 0;

/** The author's income as the ledger's own rows say it: entries now withdrawable, less withdrawals waiting or paid. */
async function incomeFromRows(t: TestApp, userId: number): Promise<number> {
  const now = t.clock.now();
  const entries = await t.app.db
    .selectFrom('income_entries')
    .select(['gross', 'fee', 'available_at'])
    .where('user_id', '=', userId)
    .execute();
  const credits = entries.filter((e) => e.available_at <= now).reduce((sum, e) => sum + e.gross - e.fee, 0);
  const out = await t.app.db
    .selectFrom('withdrawals')
    .select(['amount', 'state'])
    .where('user_id', '=', userId)
    .execute();
  return credits - out.filter((w) => w.state !== 'failed').reduce((sum, w) => sum + w.amount, 0);
}

describe.each(dialects)('income and withdrawal on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);
  // Some tests move the clock on by days or a year, and the payout days a test expects are those
  // of a request made in September 2026. Each test's accounts are its own, so nothing they hold
  // was written later than that day.
  sameStartForEachTest(t);

  const service = (name: keyof typeof TEST_SERVICE_KEYS, key = `income-${++keys}`) => ({
    'x-service-key': TEST_SERVICE_KEYS[name],
    'idempotency-key': key,
  });
  const sale = (user: TestUser, gross: number, saleId = `sale-${++keys}`, product: 'mm' | 'em' = 'mm') =>
    call(t, recordTemplateSaleRoute, {
      body: { user_id: user.userId, product, sale_id: saleId, title: `Template ${saleId}`, gross },
      headers: service('templates'),
    });
  const cashback = (user: TestUser, amount: number, orderNo = `order-${++keys}`, orderedAt?: number) =>
    call(t, recordCashbackRoute, {
      body: {
        user_id: user.userId,
        product: 'em',
        order_no: orderNo,
        title: 'A friend’s order',
        amount,
        ordered_at: orderedAt,
      },
      headers: service('orders'),
    });
  const refund = (user: TestUser, of: 'sale' | 'cashback', sourceId: string, name: 'templates' | 'orders' = 'orders') =>
    call(t, refundIncomeRoute, { body: { user_id: user.userId, of, source_id: sourceId }, headers: service(name) });
  const withdraw = (user: TestUser, change: Partial<WithdrawalForm> = {}, headers: Record<string, string> = {}) =>
    call(t, requestWithdrawalRoute, { as: user, body: { ...FORM, ...change }, headers });
  const summary = async (user: TestUser) => (await call(t, getIncomeRoute, { as: user })).ok().data;
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;

  it('credits 70% of a sale with the 30% fee beside it, once per sale, and lists it on the record tab', async () => {
    const ann = await testUser(t);
    const first = await sale(ann, 10_000, 'tpl-sale-1');
    expect(first.ok().data).toMatchObject({ price: 7_000, fee: 3_000 });
    // The same sale again, under another request key: one entry.
    expect((await sale(ann, 10_000, 'tpl-sale-1')).ok().data.income_id).toBe(first.ok().data.income_id);
    await sale(ann, 999, 'tpl-sale-2', 'em');
    expect(await summary(ann)).toMatchObject({ avaliable: 7_000 + 699, locked: 0, unlock_at: null, ongoing: null });

    const mm = (await call(t, getIncomeDetailRoute, { as: ann, query: { product: 'mm' } })).ok().data;
    expect(mm.count).toBe(1);
    expect(mm.income[0]).toMatchObject({
      title: 'Template tpl-sale-1',
      price: 7_000,
      gross: 10_000,
      fee: 3_000,
      product: 'mm',
      kind: 'sale',
      created_at: t.clock.now(),
      unlocks_at: null,
    });
    const em = (await call(t, getIncomeDetailRoute, { as: ann, query: { product: 'em' } })).ok().data;
    expect(em.income.map((row) => [row.price, row.fee])).toEqual([[699, 300]]);
  });

  it('locks cashback for 7 days after the order, cancels it on a refund within the lock, keeps it after', async () => {
    const cy = await testUser(t);
    const orderedAt = t.clock.now() - DAY;
    await cashback(cy, 2_000, `cb-keep-${cy.userId}`, orderedAt);
    await cashback(cy, 500, `cb-gone-${cy.userId}`, orderedAt + 3_600);
    expect(await summary(cy)).toMatchObject({ avaliable: 0, locked: 2_500, unlock_at: orderedAt + 7 * DAY });
    const listed = (await call(t, getIncomeDetailRoute, { as: cy, query: { product: 'em' } })).ok().data.income;
    expect(listed.map((row) => row.unlocks_at)).toEqual([orderedAt + 3_600 + 7 * DAY, orderedAt + 7 * DAY]);

    // The friend's second order is refunded within the lock: its cashback is cancelled, once.
    expect((await refund(cy, 'cashback', `cb-gone-${cy.userId}`)).ok().data.price).toBe(-500);
    const again = await refund(cy, 'cashback', `cb-gone-${cy.userId}`);
    expect([again.status, msgOf(again)]).toEqual([409, 'already refunded']);
    expect(await summary(cy)).toMatchObject({ avaliable: 0, locked: 2_000, unlock_at: orderedAt + 7 * DAY });

    // Seven days after the order the rest is withdrawable, and a refund no longer takes it.
    t.clock.advance(6 * DAY);
    await cy.signInAgain();
    expect(await summary(cy)).toMatchObject({ avaliable: 2_000, locked: 0, unlock_at: null });
    const late = await refund(cy, 'cashback', `cb-keep-${cy.userId}`);
    expect([late.status, msgOf(late)]).toEqual([409, 'cashback unlocked']);
    const unknown = await refund(cy, 'cashback', 'no-such-order');
    expect([unknown.status, msgOf(unknown)]).toEqual([404, 'no such income']);
    expect(await incomeFromRows(t, cy.userId)).toBe(2_000);
  });

  it('takes back a refunded sale’s share and fee as a new entry; entries are never edited', async () => {
    const dee = await testUser(t);
    await sale(dee, 20_000, `refunded-${dee.userId}`);
    const back = await refund(dee, 'sale', `refunded-${dee.userId}`, 'templates');
    expect(back.ok().data).toMatchObject({ price: -14_000, fee: -6_000 });
    expect((await summary(dee)).avaliable).toBe(0);
    const rows = (await call(t, getIncomeDetailRoute, { as: dee })).ok().data.income;
    expect(rows.map((row) => [row.kind, row.price])).toEqual([
      ['sale_refund', -14_000],
      ['sale', 14_000],
    ]);
    await expect(
      sql`UPDATE income_entries SET amount = 1 WHERE user_id = ${dee.userId}`.execute(t.app.db),
    ).rejects.toThrow(/never edited/);
  });

  it('answers each check of the withdrawal in the spec’s order, and writes nothing for a refused one', async () => {
    const eve = await testUser(t);
    await sale(eve, 100_000); // 700 yuan for the author
    const refusedWith = async (change: Partial<WithdrawalForm>) => {
      const res = await withdraw(eve, change);
      return `${res.status} ${msgOf(res)}`;
    };
    expect(await refusedWith({ zfb: '', identity_card: '1', name: '', mobile: '', amount: 'x' })).toBe(
      '400 invalid payment account',
    );
    expect(await refusedWith({ zfb: '1380013800' })).toBe('400 invalid payment account');
    expect(await refusedWith({ identity_card: CARD.slice(0, 17) })).toBe('400 invalid identity card');
    expect(await refusedWith({ identity_card: `${CARD}1` })).toBe('400 invalid identity card');
    expect(await refusedWith({ identity_card: '110105194912310021' })).toBe('400 invalid identity card');
    expect(await refusedWith({ identity_card: '110105194902300024' })).toBe('400 invalid identity card');
    expect(await refusedWith({ identity_card: '990105194912310021' })).toBe('400 invalid identity card');
    expect(await refusedWith({ name: '  ' })).toBe('400 name required');
    expect(await refusedWith({ mobile: '12345678901' })).toBe('400 invalid mobile');
    expect(await refusedWith({ amount: '710' })).toBe('400 amount exceeds available income');
    expect(await refusedWith({ amount: '49' })).toBe('400 amount not a multiple of 10');
    expect(await refusedWith({ amount: '55' })).toBe('400 amount not a multiple of 10');
    expect(await refusedWith({ amount: '40' })).toBe('400 amount below minimum');
    expect(await refusedWith({ amount: 'lots' })).toBe('400 amount below minimum');
    const odd = await t.app.inject({
      method: 'POST',
      url: `/api/user/${eve.userId}/cash`,
      headers: eve.headers(),
      payload: { ...FORM, extra: 1 },
    });
    expect(odd.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('withdrawals').select('id').where('user_id', '=', eve.userId).execute()).toEqual(
      [],
    );

    // 50 and 60 pass the amount's checks; the first one asked for stands.
    const taken = await withdraw(eve, { amount: '50' });
    expect(taken.ok().data.withdrawal).toMatchObject({
      amount: 5_000,
      fee: 0,
      received: 5_000,
      state: 'submitted',
      zfb: '138****8000',
      identity_card: '110***********002X',
      // Asked for in September 2026 (China): paid from 10 October, a Saturday worked that year.
      payout_on: '2026-10-10',
    });
    const second = await withdraw(eve, { amount: '60' });
    expect([second.status, msgOf(second)]).toEqual([409, 'There is an ongoing withdrawal currently']);
    expect(await summary(eve)).toMatchObject({ avaliable: 65_000, ongoing: { amount: 5_000 } });
  });

  it('keeps the identity number encrypted, masked on screens and readable by an audited operator command', async () => {
    const fay = await testUser(t);
    await sale(fay, 100_000);
    const made = (await withdraw(fay, { identity_card: '11010519491231002x' })).ok().data.withdrawal;
    const stored = await t.app.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('19491231');
    expect(stored.identity_card_mask).toBe('110***********002X');
    const read = await cli('withdrawal:identity', '--id', String(made.id), '--reason', 'annual tax filing');
    expect(read.json).toEqual({ withdrawal: made.id, identity_card: CARD });
    expect(await auditDetails(t.app.db, fay.userId, 'withdrawal.identity_read')).toEqual([
      { withdrawal: made.id, reason: 'annual tax filing' },
    ]);
  });

  it('20 withdrawals at once from one account: exactly one waits, and never more than the income', async () => {
    const gus = await testUser(t);
    await sale(gus, 10_000); // 70 yuan: enough for one withdrawal of 50 or 60 and never two
    // A second instance on PostgreSQL; SQLite's instances in one process would block each other's waits.
    const other = dialect.name === 'postgres' ? await t.anotherInstance() : t.app;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const app = i % 2 === 0 ? t.app : other;
        return app.inject({
          method: 'POST',
          url: `/api/user/${gus.userId}/cash`,
          headers: gus.headers(),
          payload: { ...FORM, amount: i % 2 === 0 ? '50' : '60' },
        });
      }),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(new Set(results.filter((res) => res.statusCode !== 200).map((res) => res.json().msg))).toEqual(
      new Set(['There is an ongoing withdrawal currently']),
    );
    const waiting = await t.app.db.selectFrom('withdrawals').selectAll().where('user_id', '=', gus.userId).execute();
    expect(waiting).toHaveLength(1);
    expect((await summary(gus)).avaliable).toBeGreaterThanOrEqual(0);
    expect(await incomeFromRows(t, gus.userId)).toBe((await summary(gus)).avaliable);
    // The database itself refuses a second waiting withdrawal, whoever writes it.
    await expect(
      t.app.db
        .insertInto('withdrawals')
        .values({ ...waiting[0], id: undefined } as never)
        .execute(),
    ).rejects.toThrow();
  });

  it('pays or fails a withdrawal by operator command, tells the author, and a failure gives the amount back', async () => {
    const hal = await testUser(t);
    await sale(hal, 50_000); // 350 yuan
    const first = (await withdraw(hal, { amount: '100' })).ok().data.withdrawal;
    const failed = await cli(
      'withdrawal:failed',
      ...flags({ id: first.id, reason: 'the Alipay account does not exist' }),
    );
    expect(failed.code, JSON.stringify(failed.error)).toBe(0);
    expect(failed.json).toMatchObject({
      state: 'failed',
      failure_reason: 'the Alipay account does not exist',
      author_account_closed: false,
    });
    expect(failed.json).not.toHaveProperty('note');
    // Settled once: a second settlement of the same withdrawal is refused.
    expect((await cli('withdrawal:paid', '--id', String(first.id), '--reference', 'T1')).code).toBe(1);
    expect(await summary(hal)).toMatchObject({ avaliable: 35_000, ongoing: null });

    const second = (await withdraw(hal, { amount: '300', zfb: 'hal@example.com' })).ok().data.withdrawal;
    expect(second.zfb).toBe('ha***@example.com');
    const month = '2026-09';
    const listed = await cli('withdrawal:list', '--state', 'submitted', '--month', month);
    expect(listed.json.map((row: { id: number }) => row.id)).toContain(second.id);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'payouts-')), 'batch.csv');
    const exported = await cli('withdrawal:export', '--month', month, '--out', file);
    expect(exported.code, JSON.stringify(exported.error)).toBe(0);
    const csv = await fs.readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('withdrawal_id,alipay_account,name,amount_cny,payout_on,author_owes_cny');
    expect(csv).toContain(`${second.id},hal@example.com,张三,300.00,2026-10-10,0.00\r\n`);
    expect(csv).not.toContain(CARD);
    // An existing file is never written over.
    expect((await cli('withdrawal:export', '--month', month, '--out', file)).code).toBe(1);

    const paid = await cli('withdrawal:paid', '--id', String(second.id), '--reference', 'ALIPAY-20261010-0001');
    expect(paid.json).toMatchObject({ state: 'paid', settled_at: t.clock.now() });
    expect(await summary(hal)).toMatchObject({ avaliable: 5_000, ongoing: null });
    expect((await summary(hal)).recent.map((w) => w.state)).toEqual(['paid', 'failed']);
    expect(await incomeFromRows(t, hal.userId)).toBe(5_000);

    const messages = (await call(t, listNotificationsRoute, { as: hal })).ok().data.notify;
    expect(messages.map((m) => m.content)).toEqual([
      expect.stringContaining('300'),
      expect.stringContaining('the Alipay account does not exist'),
    ]);
  });

  it('keeps available = credits − fees − waiting − paid through sales, cashback, refunds and payouts in any order', async () => {
    const ivy = await testUser(t);
    const steps: (() => Promise<unknown>)[] = [
      () => sale(ivy, 30_000, `mix-a-${ivy.userId}`),
      () => cashback(ivy, 4_000, `mix-b-${ivy.userId}`, t.clock.now() - 8 * DAY),
      () => cashback(ivy, 1_000, `mix-c-${ivy.userId}`),
      () => withdraw(ivy, { amount: '100' }),
      () => refund(ivy, 'cashback', `mix-c-${ivy.userId}`),
      () => sale(ivy, 7_000, `mix-d-${ivy.userId}`, 'em'),
      () => refund(ivy, 'sale', `mix-d-${ivy.userId}`, 'templates'),
    ];
    for (const step of steps) {
      await step();
      expect(await incomeFromRows(t, ivy.userId)).toBe((await summary(ivy)).avaliable);
    }
    expect((await summary(ivy)).avaliable).toBe(21_000 + 4_000 - 10_000);
  });

  it('refuses other users’ income, the overseas build’s withdrawal, and wrong service keys', async () => {
    const jo = await testUser(t);
    const kit = await testUser(t);
    for (const route of [getIncomeRoute, getIncomeDetailRoute]) {
      expect((await call(t, route, { as: jo, params: { userId: kit.userId } })).status).toBe(403);
    }
    expect((await call(t, requestWithdrawalRoute, { as: jo, params: { userId: kit.userId }, body: FORM })).status).toBe(
      403,
    );
    const overseas = await testUser(t, { region: 'overseas' });
    const abroad = await call(t, requestWithdrawalRoute, { as: overseas, body: FORM });
    expect([abroad.status, msgOf(abroad)]).toEqual([400, 'not available in this region']);
    const wrongKey = await call(t, recordTemplateSaleRoute, {
      body: { user_id: jo.userId, product: 'mm', sale_id: 'x', title: 'x', gross: 100 },
      headers: service('orders'),
    });
    expect(wrongKey.status).toBe(403);
    const noKey = await call(t, recordCashbackRoute, {
      body: { user_id: jo.userId, product: 'mm', order_no: 'x', title: 'x', amount: 100 },
      headers: { 'idempotency-key': 'k-none' },
    });
    expect(noKey.status).toBe(401);
    expect(await t.app.db.selectFrom('income_entries').select('id').where('user_id', '=', jo.userId).execute()).toEqual(
      [],
    );
  });
  it('reads a window in seconds, a year to the end of today by default, a page at a time', async () => {
    const ben = await testUser(t);
    const start = t.clock.now();
    for (let i = 0; i < 12; i++) {
      await sale(ben, 1_000 + i, `window-${ben.userId}-${i}`);
      t.clock.advance(DAY);
    }
    await ben.signInAgain();
    const all = (await call(t, getIncomeDetailRoute, { as: ben, query: { count: 10 } })).ok().data;
    expect(all.count).toBe(12);
    expect(all.income.map((row) => row.gross)).toEqual(Array.from({ length: 10 }, (_, i) => 1_011 - i));
    // The default window ends at the end of today in China and starts a year before.
    expect(all.end - all.start).toBe(365 * DAY);
    expect((all.end + 1 + 8 * 3600) % DAY).toBe(0);
    const second = (await call(t, getIncomeDetailRoute, { as: ben, query: { offset: 10, count: 10 } })).ok().data;
    expect(second.income.map((row) => row.gross)).toEqual([1_001, 1_000]);
    const firstThree = (await call(t, getIncomeDetailRoute, { as: ben, query: { start, end: start + 2 * DAY } })).ok()
      .data;
    expect(firstThree.income.map((row) => row.gross)).toEqual([1_002, 1_001, 1_000]);
    // Entries older than a year fall out of the default window.
    t.clock.advance(366 * DAY);
    await ben.signInAgain();
    expect((await call(t, getIncomeDetailRoute, { as: ben })).ok().data.count).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/user/${ben.userId}/income/detail?product=xx`,
      headers: ben.headers(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('records sales, cashback and refunds by operator, once per source, refusing amounts out of range with the usage', async () => {
    const ada = await testUser(t);
    const run = (...argv: string[]) => cli(...argv, '--user', ada.email);
    const sold = await run(
      'income:sale',
      ...flags({ product: 'em', 'sale-id': 'op-1', title: 'Flow kit', gross: '1000' }),
    );
    expect(sold.code, JSON.stringify(sold.error)).toBe(0);
    // Once per sale id: the same command again records nothing more.
    expect(
      (await run('income:sale', '--product', 'em', '--sale-id', 'op-1', '--title', 'Flow kit', '--gross', '1000')).code,
    ).toBe(0);
    const back = await run(
      'income:cashback',
      ...flags({ product: 'mm', order: 'op-o-1', title: 'Friend', amount: '500' }),
    );
    expect(back.code, JSON.stringify(back.error)).toBe(0);
    expect((await call(t, getIncomeRoute, { as: ada })).ok().data).toMatchObject({ avaliable: 700, locked: 500 });
    expect((await run('income:refund', '--of', 'cashback', '--source', 'op-o-1')).code).toBe(0);
    expect((await call(t, getIncomeRoute, { as: ada })).ok().data).toMatchObject({ avaliable: 700, locked: 0 });
    for (const gross of ['0', '100000001']) {
      const refused = await run(
        'income:sale',
        ...flags({ product: 'em', 'sale-id': 'op-2', title: 'x', gross: gross }),
      );
      expect(refused.code).toBe(1);
      expect(refused.error).toMatchObject({
        error: '--gross must be 1 to 100000000 fen',
        usage: expect.stringContaining('income:sale'),
      });
    }
  });
});

describe('what the server writes to its log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      dialects[0]!,
      {},
      { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(async () => t.close());

  it('never holds an identity number, whether the withdrawal is taken or refused', async () => {
    const lee = await testUser(t);
    await call(t, recordTemplateSaleRoute, {
      body: { user_id: lee.userId, product: 'mm', sale_id: 'log-1', title: 'x', gross: 100_000 },
      headers: { 'x-service-key': TEST_SERVICE_KEYS.templates, 'idempotency-key': 'log-1' },
    });
    expect((await call(t, requestWithdrawalRoute, { as: lee, body: { ...FORM, amount: '9999' } })).status).toBe(400);
    expect((await call(t, requestWithdrawalRoute, { as: lee, body: FORM })).status).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/19491231/);
  });
});
