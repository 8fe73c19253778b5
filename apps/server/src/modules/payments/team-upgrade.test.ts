import {
  createCheckoutRoute,
  getCheckoutRoute,
  getOrdersRoute,
  getTeamRoute,
  type RouteBody,
  TEAM_MEMBER_LIMIT_MAX,
} from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { payOnSandboxPage } from '../../../test/helpers/sandbox.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { subscriptionRecords } from '../subscriptions/subscriptions.service.js';

const DAY = 86_400;

/**
 * The team upgrade (spec 02 §8, docs/decisions/040): a full diagram or project team's owner or
 * admin buys a business term as seats of the team, paid like any checkout.
 */
describe.each(dialects)('team upgrade on $name', (dialect) => {
  const t = suiteTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const ok = async (...argv: string[]) => {
    const res = await cli(...argv);
    expect(res.code, JSON.stringify(res.error)).toBe(0);
    return res.json;
  };
  const open = (user: TestUser, body: RouteBody<typeof createCheckoutRoute>) =>
    call(t, createCheckoutRoute, { as: user, body });
  const payOnPage = (payUrl: string | null) => payOnSandboxPage(t, payUrl);

  /** A full team of the product: its owner, an admin and a member, and no place left. */
  async function fullTeam(product: 'max' | 'proj' = 'max', region: 'domestic' | 'overseas' = 'overseas') {
    const [owner, admin, member] = [
      await testUser(t, { region }),
      await testUser(t, { region }),
      await testUser(t, { region }),
    ];
    const team = await ok(
      'team:create',
      ...flags({ product: product, name: 'Design', owner: owner.userId, members: '3' }),
    );
    await ok('team:add-member', '--team', String(team.id), '--user', String(admin.userId), '--role', 'admin');
    await ok('team:add-member', '--team', String(team.id), '--user', String(member.userId));
    return { teamId: team.id as number, owner, admin, member };
  }
  const teamInfo = async (user: TestUser, product: 'max' | 'proj' = 'max') =>
    (await call(t, getTeamRoute, { as: user, params: { product } })).ok().data;

  it('gives the team a plan of the seats bought and as many more places, once paid, and the order to the buyer', async () => {
    const { teamId, owner, admin } = await fullTeam();
    const newcomer = await testUser(t, { region: 'overseas' });
    expect(
      (await cli('team:add-member', '--team', String(teamId), '--user', String(newcomer.userId))).error,
    ).toMatchObject({ error: 'group num limit' });

    const checkout = (
      await open(admin, { item: 'business.oneYear', quantity: 3, method: 'card', team_id: teamId })
    ).ok().data;
    // The server's price: three seats of a year at the overseas business price, whatever is sent.
    expect(checkout).toMatchObject({
      amount: 3 * 5900,
      currency: 'USD',
      quantity: 3,
      team_id: teamId,
      state: 'created',
    });
    expect((await teamInfo(owner))?.plan).toEqual([]);

    await payOnPage(checkout.pay_url);
    const paid = (await call(t, getCheckoutRoute, { as: admin, params: { outTradeNo: checkout.out_trade_no } })).ok()
      .data;
    expect(paid.state).toBe('fulfilled');
    const info = await teamInfo(owner);
    expect(info).toMatchObject({ member_limit: 6, member_num: 3 });
    expect(info?.plan).toEqual([
      expect.objectContaining({ type: 61, max_num: 3, plan_num: 0, expire: (paid.paid_at as number) + 365 * DAY }),
    ]);
    // The seats are the owner's, as every plan of the team is; the buyer's own licence is untouched.
    const seatsGrant = await t.app.db
      .selectFrom('grants')
      .select(['user_id', 'kind', 'item', 'amount'])
      .where('source_kind', '=', 'order')
      .where('source_id', '=', checkout.out_trade_no)
      .execute();
    expect(seatsGrant).toEqual([{ user_id: owner.userId, kind: 'seats', item: `team:${teamId}`, amount: 3 }]);
    expect(
      (await subscriptionRecords(t.app.db, admin.userId)).find((row) => row.product === 'max')?.group_exp ?? null,
    ).toBe(null);
    const orders = (await call(t, getOrdersRoute, { as: admin, query: {} })).ok().data;
    expect(orders.map((order) => [order.order_id, order.amount, order.type, order.product_name])).toEqual([
      [checkout.out_trade_no, 3 * 5900, 61, 'Team plan, 1 year, seats: 3'],
    ]);

    // The place bought takes the newcomer, and a seat of the plan licenses them.
    await ok('team:add-member', '--team', String(teamId), '--user', String(newcomer.userId));
    const planId = String(info?.plan[0]?.id);
    await ok('team:authorize', '--team', String(teamId), '--plan', planId, '--user', String(newcomer.userId));
    const record = (await subscriptionRecords(t.app.db, newcomer.userId)).find((row) => row.product === 'max');
    expect(record?.group_exp).toBe((paid.paid_at as number) + 365 * DAY);
  });

  it('sells a project team three years or a lifetime plan at home, paid by QR code', async () => {
    const { teamId, owner } = await fullTeam('proj', 'domestic');
    const three = (
      await open(owner, { item: 'business.threeYears', quantity: 2, method: 'wxpay', team_id: teamId })
    ).ok().data;
    expect(three).toMatchObject({ amount: 2 * 78_000, currency: 'CNY' });
    await payOnPage(three.pay_url);
    const life = (await open(owner, { item: 'business.lifetime', quantity: 1, method: 'alipay', team_id: teamId })).ok()
      .data;
    await payOnPage(life.pay_url);
    const info = await teamInfo(owner, 'proj');
    expect(info?.member_limit).toBe(6);
    expect(info?.plan.map((plan) => [plan.type, plan.max_num, plan.expire === null])).toEqual([
      [63, 2, false],
      [62, 1, true],
    ]);
    const orders = (await call(t, getOrdersRoute, { as: owner, query: {} })).ok().data;
    expect(orders.map((order) => order.type).sort()).toEqual([62, 63]);
  });

  it('refuses a plain member, someone outside the team, a term no team plan has and more places than a team may have', async () => {
    const { teamId, owner, member } = await fullTeam();
    const stranger = await testUser(t, { region: 'overseas' });
    const body = { item: 'business.oneYear', quantity: 1, method: 'card', team_id: teamId } as const;
    const refusals = [
      await open(member, body),
      await open(stranger, body),
      await open(owner, { ...body, item: 'business.twoYears' }),
      await open(owner, { item: 'personal.oneYear', product: 'max', method: 'card', team_id: teamId }),
    ];
    expect(refusals.map((res) => [res.status, res.body.msg])).toEqual([
      [403, 'team permission denied'],
      [404, 'no team'],
      [400, 'not sold for teams'],
      [400, 'not sold for teams'],
    ]);
    await t.app.db
      .updateTable('teams')
      .set({ member_limit: TEAM_MEMBER_LIMIT_MAX - 1 })
      .where('id', '=', teamId)
      .execute();
    const tooMany = await open(owner, { ...body, quantity: 2 });
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, 'invalid quantity']);
    const rows = await t.app.db.selectFrom('checkouts').select('id').where('team_id', '=', teamId).execute();
    expect(rows).toEqual([]);
  });

  it('takes the plan, its seats’ licences and the places back when refunded, never below the members', async () => {
    const { teamId, owner, admin, member } = await fullTeam();
    const checkout = (
      await open(owner, { item: 'business.oneYear', quantity: 2, method: 'card', team_id: teamId })
    ).ok().data;
    await payOnPage(checkout.pay_url);
    const joined = await testUser(t, { region: 'overseas' });
    await ok('team:add-member', '--team', String(teamId), '--user', String(joined.userId));
    const planId = String((await teamInfo(owner))?.plan[0]?.id);
    await ok('team:authorize', '--team', String(teamId), '--plan', planId, '--user', String(member.userId));

    const refund = await ok('pay:refund', '--order', checkout.out_trade_no, '--reason', 'bought by mistake');
    expect(refund.taken_back).toEqual(
      expect.arrayContaining([{ kind: 'team_plan', granted: 2, taken: 2 }, expect.objectContaining({ kind: 'seats' })]),
    );
    const info = await teamInfo(admin);
    // Four members now: the places go back to four, not to the three the team had.
    expect(info).toMatchObject({ plan: [], member_limit: 4, member_num: 4 });
    const record = (await subscriptionRecords(t.app.db, member.userId)).find((row) => row.product === 'max');
    expect(record?.group_exp ?? null).toBeNull();
  });

  it('keeps a payment paid, for an operator to refund, when its team was deleted before it was paid', async () => {
    const { teamId, owner } = await fullTeam();
    const checkout = (
      await open(owner, { item: 'business.lifetime', quantity: 1, method: 'card', team_id: teamId })
    ).ok().data;
    await ok('team:delete', '--team', String(teamId));
    await payOnPage(checkout.pay_url);
    const row = await t.app.db
      .selectFrom('checkouts')
      .select(['state', 'company_id'])
      .where('out_trade_no', '=', checkout.out_trade_no)
      .executeTakeFirstOrThrow();
    // Not fulfilled, and above all not turned into a company of the buyer's.
    expect(row).toEqual({ state: 'paid', company_id: null });
    const refund = await ok('pay:refund', '--order', checkout.out_trade_no, '--reason', 'team deleted');
    expect(refund.taken_back).toEqual([]);
  });
});
