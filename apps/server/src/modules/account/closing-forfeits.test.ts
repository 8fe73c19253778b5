import {
  bindCouponRoute,
  closeAccountRoute,
  getClosingForfeitsRoute,
  getIncomeRoute,
  recordCashbackRoute,
  recordTemplateSaleRoute,
  requestWithdrawalRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp, TEST_SERVICE_KEYS } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { addMember, createCompany } from '../companies/companies.service.js';
import { addTeamMember, createTeam } from '../teams/teams.service.js';
import { availableIncome } from '../income/income.service.js';
import { codeFor } from './test-support.js';
import { auditDetails } from '../../../test/helpers/audit.js';

let keys = 0;

describe.each(dialects)('what closing an account gives up, on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);

  const forfeits = async (user: TestUser) => (await call(t, getClosingForfeitsRoute, { as: user })).ok().data.items;
  const service = (name: keyof typeof TEST_SERVICE_KEYS) => ({
    'x-service-key': TEST_SERVICE_KEYS[name],
    'idempotency-key': `forfeits-${++keys}`,
  });
  async function operator(...args: string[]) {
    const made = await cli(...args);
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return made.json;
  }

  /** A ¥100 template sale (¥70 to the author), recorded by the template community. */
  async function sellTemplate(author: TestUser) {
    const sale = {
      user_id: author.userId,
      product: 'mm',
      sale_id: `sale-${author.userId}`,
      title: 'A template',
      gross: 10_000,
    } as const;
    expect((await call(t, recordTemplateSaleRoute, { body: sale, headers: service('templates') })).status).toBe(200);
  }

  /** The author asks for ¥50 of their income, paid to the Alipay account and name given. */
  async function askWithdrawal(author: TestUser, payee: { zfb: string; name: string; mobile: string }) {
    const asked = await call(t, requestWithdrawalRoute, {
      as: author,
      body: { ...payee, identity_card: '11010519491231002X', amount: '50' },
    });
    expect(asked.status, asked.raw.body).toBe(200);
    return asked.ok().data.withdrawal;
  }

  it('names nothing for an account that holds nothing', async () => {
    expect(await forfeits(await testUser(t))).toEqual([]);
  });

  it('names the company created, the teams owned, the coupon, points, credit, income and the withdrawal still to be paid, module by module', async () => {
    const ann = await testUser(t);
    const [bob, cy] = [await testUser(t), await testUser(t)];
    const now = t.clock.now();
    // Two teams of hers, with Bob in both and Cy in one: two other people lose their place.
    const diagram = await createTeam(
      t.app.db,
      { product: 'max', name: 'Ann diagrams', owner: { id: ann.userId }, memberLimit: 5 },
      now,
    );
    const project = await createTeam(
      t.app.db,
      { product: 'proj', name: 'Ann projects', owner: { id: ann.userId }, memberLimit: 5 },
      now,
    );
    await addTeamMember(t.app.db, { teamId: diagram.id, user: { id: bob.userId }, role: 'member' }, now);
    await addTeamMember(t.app.db, { teamId: project.id, user: { id: bob.userId }, role: 'admin' }, now);
    await addTeamMember(t.app.db, { teamId: project.id, user: { id: cy.userId }, role: 'member' }, now);
    // Her company space, with Cy in a seat.
    const company = await createCompany(
      t.app.db,
      { name: 'Ann Mind Studio', owner: { id: ann.userId }, seats: 5, term: { expires: now + 365 * 86_400 } },
      now,
    );
    await addMember(t.app.db, { companyId: company.id, user: { id: cy.userId }, role: 'member' }, now);
    // Bob is only a member: a team he does not own is not his to lose.
    expect(await forfeits(bob)).toEqual([]);

    const coupon = await operator(
      'coupon:define',
      ...flags({ info: 'Templates: ¥10 off', type: '1', value: '1000', days: '30' }),
    );
    const [code] = (
      await operator('code:batch', '--label', 'forfeits', '--kind', 'gift', '--coupon', String(coupon.id))
    ).codes as string[];
    expect((await call(t, bindCouponRoute, { as: ann, body: { code: code! } })).status).toBe(200);
    await operator('points:grant', '--user', String(ann.userId), '--amount', '1200', '--reason', 'test');
    await operator(
      'points:grant',
      ...flags({ user: ann.userId, amount: '450', reason: 'test', kind: 'template_credit' }),
    );

    // ¥70 of a sale, cashback still locked, then ¥50 of it asked for.
    await sellTemplate(ann);
    const cashback = {
      user_id: ann.userId,
      product: 'em',
      order_no: `cb-${ann.userId}`,
      title: 'A friend’s order',
      amount: 800,
    } as const;
    expect((await call(t, recordCashbackRoute, { body: cashback, headers: service('orders') })).status).toBe(200);
    await askWithdrawal(ann, { zfb: '13800138000', name: '张三', mobile: '13912345678' });
    const income = (await call(t, getIncomeRoute, { as: ann })).ok().data;
    expect(income.locked).toBeGreaterThan(0);

    expect(await forfeits(ann)).toEqual([
      { kind: 'companies_created', count: 1 },
      { kind: 'teams_owned', count: 2, members: 2 },
      { kind: 'coupons', count: 1 },
      { kind: 'ai_points', points: 1200 },
      { kind: 'template_credit', fen: 450 },
      { kind: 'income', fen: 7_000 - 5_000 + income.locked },
      { kind: 'withdrawal_pending', fen: 5_000 },
    ]);

    // What the list promises: the withdrawal asked for is still paid once the account is closed.
    const closed = await call(t, closeAccountRoute, {
      as: ann,
      body: { via: 'email', code: await codeFor(t, 11, ann.email as string) },
    });
    expect(closed.status, closed.raw.body).toBe(200);
    const waiting = (
      (await operator('withdrawal:list', '--state', 'submitted')) as Array<{ id: number; user_id: number }>
    )
      .filter((row) => row.user_id === ann.userId)
      .at(0);
    expect(waiting).toBeDefined();
    expect(
      await operator('withdrawal:paid', '--id', String(waiting?.id), '--reference', 'ALIPAY-FORFEITS-1'),
    ).toMatchObject({
      state: 'paid',
      author_account_closed: true,
    });
    // Closing erased her messages, and the payout keeps no new one for an account nobody reads.
    expect(
      await t.app.db.selectFrom('notice_recipients').select('notice_id').where('user_id', '=', ann.userId).execute(),
    ).toEqual([]);
    // Bob and Cy lost their places with her teams; her company stays, with Cy and no creator.
    expect(await forfeits(bob)).toEqual([]);
    expect(
      await t.app.db
        .selectFrom('company_members')
        .select(['user_id', 'role'])
        .where('company_id', '=', company.id)
        .execute(),
    ).toEqual([{ user_id: cy.userId, role: 0 }]);
    expect(
      await t.app.db.selectFrom('teams').select('id').where('id', 'in', [diagram.id, project.id]).execute(),
    ).toEqual([]);
  });

  it('tells the operator when a withdrawal fails after its author closed the account', async () => {
    const dee = await testUser(t);
    await sellTemplate(dee);
    const asked = await askWithdrawal(dee, { zfb: '13800138001', name: '李四', mobile: '13912345679' });
    const closed = await call(t, closeAccountRoute, {
      as: dee,
      body: { via: 'email', code: await codeFor(t, 11, dee.email as string) },
    });
    expect(closed.status, closed.raw.body).toBe(200);

    const failed = await operator(
      'withdrawal:failed',
      ...flags({ id: asked.id, reason: 'the Alipay account does not exist' }),
    );
    expect(failed).toMatchObject({ state: 'failed', author_account_closed: true });
    expect(String(failed.note)).toContain('closed');
    expect(
      await t.app.db.selectFrom('notice_recipients').select('notice_id').where('user_id', '=', dee.userId).execute(),
    ).toEqual([]);
  });

  /** A closed author whose ¥50 withdrawal failed: the amount is back in an income nobody can ask for. */
  async function failedAfterClosing(
    payee: { zfb: string; name: string; mobile: string },
    beforeClosing: (author: TestUser) => Promise<unknown> = async () => undefined,
  ) {
    const author = await testUser(t);
    await sellTemplate(author);
    const asked = await askWithdrawal(author, payee);
    await beforeClosing(author);
    const closed = await call(t, closeAccountRoute, {
      as: author,
      body: { via: 'email', code: await codeFor(t, 11, author.email as string) },
    });
    expect(closed.status, closed.raw.body).toBe(200);
    await operator('withdrawal:failed', '--id', String(asked.id), '--reason', 'the Alipay account does not exist');
    return { author, failedId: asked.id };
  }

  const withdrawalsOf = (author: TestUser) =>
    t.app.db.selectFrom('withdrawals').selectAll().where('user_id', '=', author.userId).orderBy('id').execute();

  it('records a failed withdrawal of a closed account paid by hand after all: once, from the income it gave back, audited', async () => {
    const { author, failedId } = await failedAfterClosing({ zfb: '13800138002', name: '王五', mobile: '13912345670' });
    const repay = (...more: string[]) =>
      cli('withdrawal:repaid', '--id', String(failedId), '--reference', 'BANK-REPAY-1', ...more);

    const badAccount = await repay('--reason', 'asked by e-mail', '--zfb', 'not an account');
    expect(badAccount.code).toBe(1);
    expect(JSON.stringify(badAccount.error)).toContain('--zfb must be an Alipay account');
    expect(await withdrawalsOf(author)).toHaveLength(1);

    const reason = 'the author wrote to support on 2026-11-30 with a corrected account';
    const repaid = await repay('--reason', reason, '--zfb', 'wangwu@example.com');
    expect(repaid.code, JSON.stringify(repaid.error)).toBe(0);
    expect(repaid.json).toMatchObject({
      state: 'paid',
      amount: 5_000,
      repays_id: failedId,
      transfer_reference: 'BANK-REPAY-1',
      zfb: 'wa***@example.com',
    });

    // The failed one stays as it was; the payout is a row of its own, to the same person.
    const [failed, paid] = await withdrawalsOf(author);
    expect(failed).toMatchObject({ id: failedId, state: 'failed', repays_id: null });
    expect(paid).toMatchObject({
      id: repaid.json.id,
      state: 'paid',
      repays_id: failedId,
      zfb: 'wangwu@example.com',
      name: '王五',
      failure_reason: null,
      identity_card_cipher: failed?.identity_card_cipher,
    });
    // ¥70 earned, ¥50 paid: ¥20 left, as before the failure.
    expect(await availableIncome(t.app.db, author.userId, t.clock.now())).toBe(2_000);
    expect(await auditDetails(t.app.db, author.userId, 'withdrawal.repaid')).toEqual([
      { withdrawal: paid?.id, repays: failedId, reference: 'BANK-REPAY-1', reason },
    ]);

    const again = await repay('--reason', reason);
    expect(again.code).toBe(1);
    expect(JSON.stringify(again.error)).toContain(`was paid again already, as withdrawal ${paid?.id}`);
    expect(await withdrawalsOf(author)).toHaveLength(2);
  });

  it('pays a failed withdrawal by hand once when ten operators record it at the same moment', async () => {
    const { author, failedId } = await failedAfterClosing({ zfb: '13800138003', name: '赵六', mobile: '13912345671' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cli('withdrawal:repaid', '--id', String(failedId), '--reference', `BANK-RACE-${i}`, '--reason', 'race'),
      ),
    );
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
    for (const refused of results.filter((result) => result.code !== 0))
      expect(JSON.stringify(refused.error)).toContain('was paid again already');
    expect((await withdrawalsOf(author)).filter((row) => row.repays_id === failedId)).toHaveLength(1);
    expect(await availableIncome(t.app.db, author.userId, t.clock.now())).toBe(2_000);
  });

  it('refuses to pay by hand a withdrawal that has not failed, one of an open account or failed before closing, or more than the income left', async () => {
    const refusal = async (id: number, expected: string) => {
      const refused = await cli('withdrawal:repaid', '--id', String(id), '--reference', 'BANK-NO', '--reason', 'test');
      expect(refused.code).toBe(1);
      expect(JSON.stringify(refused.error)).toContain(expected);
    };

    const open = await testUser(t);
    await sellTemplate(open);
    const waiting = await askWithdrawal(open, { zfb: '13800138004', name: '孙七', mobile: '13912345672' });
    await refusal(waiting.id, `withdrawal ${waiting.id} has not failed: it is submitted`);
    await operator('withdrawal:failed', '--id', String(waiting.id), '--reason', 'the Alipay account is frozen');
    await refusal(waiting.id, "the author's account is open: they can ask again on the income screen");
    // Closed after the failure: the closing listed that income as given up.
    t.clock.advance(1);
    const closed = await call(t, closeAccountRoute, {
      as: open,
      body: { via: 'email', code: await codeFor(t, 11, open.email as string) },
    });
    expect(closed.status, closed.raw.body).toBe(200);
    await refusal(waiting.id, `withdrawal ${waiting.id} failed before the account was closed`);

    // The sale was refunded while the withdrawal waited: nothing is left for it once it fails.
    const { author, failedId } = await failedAfterClosing(
      { zfb: '13800138005', name: '周八', mobile: '13912345673' },
      (seller) =>
        operator('income:refund', '--user', String(seller.userId), '--of', 'sale', '--source', `sale-${seller.userId}`),
    );
    await refusal(failedId, 'only 0 of the 5000 fen is left');
    expect((await withdrawalsOf(author)).map((row) => row.state)).toEqual(['failed']);
  });

  it('answers only the account itself', async () => {
    const [eve, mallory] = [await testUser(t), await testUser(t)];
    expect((await call(t, getClosingForfeitsRoute, { as: mallory, params: { userId: eve.userId } })).status).toBe(403);
  });
});
