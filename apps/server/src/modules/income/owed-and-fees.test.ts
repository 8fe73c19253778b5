import {
  getClosingForfeitsRoute,
  getIncomeDetailRoute,
  getIncomeRoute,
  recordCashbackRoute,
  recordTemplateSaleRoute,
  refundIncomeRoute,
  type WithdrawalForm,
} from '@account-centre/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { dialects, sameStartForEachTest, suiteTestApp, TEST_SERVICE_KEYS } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

// What a refund after a withdrawal leaves (owed, never a negative available figure), and how the
// platform fee rounds (docs/decisions/053).

const DAY = 86_400;
const FORM: WithdrawalForm = {
  zfb: '13800138000',
  identity_card: '11010519491231002X',
  name: '张三',
  mobile: '13912345678',
  amount: '70',
};

let keys = 0;

describe.each(dialects)('owed income and the platform fee on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);
  sameStartForEachTest(t);

  const service = (name: keyof typeof TEST_SERVICE_KEYS) => ({
    'x-service-key': TEST_SERVICE_KEYS[name],
    'idempotency-key': `owed-${++keys}`,
  });
  const sale = (user: TestUser, gross: number, saleId = `sale-${++keys}`) =>
    call(t, recordTemplateSaleRoute, {
      body: { user_id: user.userId, product: 'mm', sale_id: saleId, title: `Template ${saleId}`, gross },
      headers: service('templates'),
    });
  const refundSale = (user: TestUser, saleId: string, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: refundIncomeRoute.path,
      headers: { ...service('templates'), 'content-type': 'application/json' },
      payload: { user_id: user.userId, of: 'sale', source_id: saleId },
    });
  const withdraw = (user: TestUser, amount = '70', app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: `/api/user/${user.userId}/cash`,
      headers: user.headers(),
      payload: { ...FORM, amount },
    });
  const summary = async (user: TestUser) => (await call(t, getIncomeRoute, { as: user })).ok().data;
  const forfeits = async (user: TestUser) => (await call(t, getClosingForfeitsRoute, { as: user })).ok().data.items;
  const withdrawalsOf = (user: TestUser) =>
    t.app.db.selectFrom('withdrawals').selectAll().where('user_id', '=', user.userId).orderBy('id').execute();

  /** Every entry withdrawable now, less the withdrawals waiting or paid, as the rows say it. */
  async function balanceFromRows(userId: number): Promise<number> {
    const entries = await t.app.db
      .selectFrom('income_entries')
      .select(['amount', 'available_at'])
      .where('user_id', '=', userId)
      .execute();
    const withdrawals = await t.app.db
      .selectFrom('withdrawals')
      .select(['amount', 'state'])
      .where('user_id', '=', userId)
      .execute();
    return (
      entries.filter((e) => e.available_at <= t.clock.now()).reduce((sum, e) => sum + e.amount, 0) -
      withdrawals.filter((w) => w.state !== 'failed').reduce((sum, w) => sum + w.amount, 0)
    );
  }

  /** Available and owed are the two sides of the balance, never both, never negative. */
  async function expectFigures(user: TestUser, figures: { avaliable: number; owed: number }) {
    const shown = await summary(user);
    expect({ avaliable: shown.avaliable, owed: shown.owed }).toEqual(figures);
    expect(shown.avaliable - shown.owed).toBe(await balanceFromRows(user.userId));
  }

  it('takes a fee of at least 1 fen from every sale, half a fen rounded up, and never more than the sale', async () => {
    const ann = await testUser(t);
    const cases: [gross: number, fee: number][] = [
      [1, 1],
      [2, 1],
      [3, 1],
      [5, 2],
      [15, 5],
      [100_000_000, 30_000_000],
    ];
    for (const [gross, fee] of cases) {
      const recorded = await sale(ann, gross, `fee-${ann.userId}-${gross}`);
      expect(recorded.ok().data).toMatchObject({ price: gross - fee, fee });
    }
    const listed = (await call(t, getIncomeDetailRoute, { as: ann, query: { count: 10 } })).ok().data.income;
    expect(listed.find((row) => row.gross === 1)).toMatchObject({ price: 0, fee: 1, kind: 'sale' });
    // The 1-fen sale refunded: its fee comes back with it, its author's nothing taken.
    const back = await refundSale(ann, `fee-${ann.userId}-1`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ price: 0, fee: -1 });
    await expectFigures(ann, { avaliable: 1 + 2 + 3 + 10 + 70_000_000, owed: 0 });
  });

  it('the database keeps fee + share = sale and the share never below 0, whoever writes', async () => {
    const bo = await testUser(t);
    const entry = {
      user_id: bo.userId,
      product: 'mm' as const,
      kind: 'sale' as const,
      source_id: `direct-${bo.userId}`,
      title: 'x',
      description: '',
      created_at: t.clock.now(),
      available_at: t.clock.now(),
      reverses_id: null,
    };
    // More fee than the sale: the author would owe for being sold.
    await expect(
      t.app.db
        .insertInto('income_entries')
        .values({ ...entry, gross: 1, fee: 2, amount: -1 })
        .execute(),
    ).rejects.toThrow();
    await t.app.db
      .insertInto('income_entries')
      .values({ ...entry, gross: 1, fee: 1, amount: 0 })
      .execute();
  });

  it('a sale refunded after its income was withdrawn: available stays 0, the rest is owed and settled from later income', async () => {
    const cy = await testUser(t);
    const saleId = `refunded-after-${cy.userId}`;
    await sale(cy, 10_000, saleId); // ¥70 for the author
    expect((await withdraw(cy, '70')).statusCode).toBe(200);
    await expectFigures(cy, { avaliable: 0, owed: 0 });

    expect((await refundSale(cy, saleId)).statusCode).toBe(200);
    await expectFigures(cy, { avaliable: 0, owed: 7_000 });
    const [waiting] = await withdrawalsOf(cy);
    expect((await cli('withdrawal:paid', '--id', String(waiting?.id), '--reference', 'T-1')).code).toBe(0);
    await expectFigures(cy, { avaliable: 0, owed: 7_000 });
    const refused = await withdraw(cy, '50');
    expect([refused.statusCode, refused.json().msg]).toEqual([400, 'amount exceeds available income']);

    // Later income settles what is owed first.
    await sale(cy, 5_000); // ¥35
    await expectFigures(cy, { avaliable: 0, owed: 3_500 });
    await sale(cy, 20_000); // ¥140
    await expectFigures(cy, { avaliable: 10_500, owed: 0 });
    expect((await withdraw(cy, '100')).statusCode).toBe(200);
    await expectFigures(cy, { avaliable: 500, owed: 0 });
  });

  it('the closing list names what is owed, locked cashback set against it; the operators’ batch file too', async () => {
    const dee = await testUser(t);
    const saleId = `owed-close-${dee.userId}`;
    await sale(dee, 10_000, saleId);
    expect((await withdraw(dee, '70')).statusCode).toBe(200);
    await call(t, recordCashbackRoute, {
      body: {
        user_id: dee.userId,
        product: 'em',
        order_no: `cb-${dee.userId}`,
        title: 'A friend’s order',
        amount: 2_000,
      },
      headers: service('orders'),
    });
    expect(await forfeits(dee)).toEqual([
      { kind: 'income', fen: 2_000 },
      { kind: 'withdrawal_pending', fen: 7_000 },
    ]);
    expect((await refundSale(dee, saleId)).statusCode).toBe(200);
    await expectFigures(dee, { avaliable: 0, owed: 7_000 });
    expect((await summary(dee)).locked).toBe(2_000);
    // The locked ¥20 goes to what is owed when it unlocks: closing gives up no income, ¥50 stays owed.
    expect(await forfeits(dee)).toEqual([
      { kind: 'withdrawal_pending', fen: 7_000 },
      { kind: 'income_owed', fen: 5_000 },
    ]);

    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'owed-')), 'batch.csv');
    const exported = await cli('withdrawal:export', '--month', '2026-09', '--out', file);
    expect(exported.code, JSON.stringify(exported.error)).toBe(0);
    const lines = (await fs.readFile(file, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('withdrawal_id,alipay_account,name,amount_cny,payout_on,author_owes_cny');
    const [waiting] = await withdrawalsOf(dee);
    expect(lines).toContain(`${waiting?.id},13800138000,张三,70.00,2026-10-10,70.00`);

    t.clock.advance(8 * DAY);
    await dee.signInAgain();
    await expectFigures(dee, { avaliable: 0, owed: 5_000 });
  });

  it('the database refuses a withdrawal beyond the income, whoever writes it, and a failed one counted again', async () => {
    const eve = await testUser(t);
    await sale(eve, 10_000); // 7,000 fen
    const [row] = await (async () => {
      expect((await withdraw(eve, '50')).statusCode).toBe(200);
      return withdrawalsOf(eve);
    })();
    if (!row) throw new Error('no withdrawal');
    const { id: _id, ...payee } = row;
    const paid = { ...payee, state: 'paid' as const, settled_at: t.clock.now(), transfer_reference: 'by hand' };
    // 2,000 fen left beside the waiting 5,000.
    await expect(
      t.app.db
        .insertInto('withdrawals')
        .values({ ...paid, amount: 2_001 })
        .execute(),
    ).rejects.toThrow(/below zero/);
    await t.app.db
      .insertInto('withdrawals')
      .values({ ...paid, amount: 2_000 })
      .execute();
    await expectFigures(eve, { avaliable: 0, owed: 0 });
    await t.app.db
      .updateTable('withdrawals')
      .set({ state: 'failed', settled_at: t.clock.now(), failure_reason: 'no such account' })
      .where('id', '=', row.id)
      .execute();
    await expectFigures(eve, { avaliable: 5_000, owed: 0 });
    await sql`UPDATE withdrawals SET state = 'submitted', settled_at = NULL, failure_reason = NULL WHERE id = ${row.id}`
      .execute(t.app.db)
      .then(
        () => expect.unreachable('a failed withdrawal was counted again'),
        (error: Error) => expect(error.message).toMatch(/settled/),
      );
    await expect(
      t.app.db.updateTable('withdrawals').set({ amount: 1 }).where('user_id', '=', eve.userId).execute(),
    ).rejects.toThrow(/settled|changed/);
  });

  it('a refund and a withdrawal at once: either the withdrawal first and the refund owed, or the refund first and the withdrawal refused', async () => {
    // A second instance on PostgreSQL; SQLite's instances in one process would block each other's waits.
    const other = dialect.name === 'postgres' ? await t.anotherInstance() : t.app;
    const authors = await Promise.all(Array.from({ length: 8 }, () => testUser(t)));
    for (const author of authors) await sale(author, 10_000, `race-${author.userId}`);
    const outcomes = await Promise.all(
      authors.map(async (author, i) => {
        const [withdrawal, refunded] = await Promise.all([
          withdraw(author, '70', i % 2 === 0 ? t.app : other),
          refundSale(author, `race-${author.userId}`, i % 2 === 0 ? other : t.app),
        ]);
        expect(refunded.statusCode, refunded.body).toBe(200);
        return { author, withdrawn: withdrawal.statusCode === 200, msg: withdrawal.json().msg as string };
      }),
    );
    for (const { author, withdrawn, msg } of outcomes) {
      if (withdrawn) await expectFigures(author, { avaliable: 0, owed: 7_000 });
      else {
        expect(msg).toBe('amount exceeds available income');
        await expectFigures(author, { avaliable: 0, owed: 0 });
      }
      expect(await withdrawalsOf(author)).toHaveLength(withdrawn ? 1 : 0);
    }
  });
});
