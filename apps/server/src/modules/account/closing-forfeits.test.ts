import {
  bindCouponRoute,
  closeAccountRoute,
  getClosingForfeitsRoute,
  getIncomeRoute,
  recordCashbackRoute,
  recordTemplateSaleRoute,
  requestWithdrawalRoute,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { createTestApp, dialects, TEST_SERVICE_KEYS, type TestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { addMember, createCompany } from '../companies/companies.service.js';
import { addTeamMember, createTeam } from '../teams/teams.service.js';
import { codeFor } from './test-support.js';

let keys = 0;

describe.each(dialects)('what closing an account gives up, on $name', (dialect) => {
  let t: TestApp;
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

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
      '--info',
      'Templates: ¥10 off',
      '--type',
      '1',
      '--value',
      '1000',
      '--days',
      '30',
    );
    const [code] = (
      await operator('code:batch', '--label', 'forfeits', '--kind', 'gift', '--coupon', String(coupon.id))
    ).codes as string[];
    expect((await call(t, bindCouponRoute, { as: ann, body: { code: code! } })).status).toBe(200);
    await operator('points:grant', '--user', String(ann.userId), '--amount', '1200', '--reason', 'test');
    await operator(
      'points:grant',
      '--user',
      String(ann.userId),
      '--amount',
      '450',
      '--reason',
      'test',
      '--kind',
      'template_credit',
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
      '--id',
      String(asked.id),
      '--reason',
      'the Alipay account does not exist',
    );
    expect(failed).toMatchObject({ state: 'failed', author_account_closed: true });
    expect(String(failed.note)).toContain('closed');
    expect(
      await t.app.db.selectFrom('notice_recipients').select('notice_id').where('user_id', '=', dee.userId).execute(),
    ).toEqual([]);
  });

  it('answers only the account itself', async () => {
    const [eve, mallory] = [await testUser(t), await testUser(t)];
    expect((await call(t, getClosingForfeitsRoute, { as: mallory, params: { userId: eve.userId } })).status).toBe(403);
  });
});
