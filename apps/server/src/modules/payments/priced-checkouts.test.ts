import {
  addCompanySeatsRoute,
  type Checkout,
  createCheckoutRoute,
  getCompaniesRoute,
  getTeamRoute,
  rechargeCompanyRoute,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { paidOutcomes, payOnSandboxPage, sandboxPayment, suiteCheckoutApp } from '../../../test/helpers/sandbox.js';
import { dialects } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { createCompany } from '../companies/companies.service.js';

const DAY = 86_400;
const YEAR = 365 * DAY;
const YEAR_SEAT = 38_000;

type Kind = 'time' | 'seats';
type Opened = Static<typeof Checkout>;

/**
 * A payment gives what was priced (docs/decisions/052): a company's term is priced for the seats
 * it has, seats for the time until its end; paid after the other kind changed the company, it is
 * refused, refunded, and the buyer and the operator are told.
 */
describe.each(dialects)('company payments priced for the company as it was, on $name', (dialect) => {
  const t = suiteCheckoutApp(dialect);
  const cli = cliRunner(() => t);

  const key = () => ({ 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` });

  /** A one-seat company ending in 90 days, created by `creator`. */
  async function oneSeatCompany(creator: TestUser) {
    const made = await createCompany(
      t.app.db,
      { name: 'Mind Works', owner: { id: creator.userId }, seats: 1, term: { expires: t.clock.now() + 90 * DAY } },
      t.clock.now(),
    );
    return { cid: made.id, end: t.clock.now() + 90 * DAY };
  }

  /** A year more for every seat, or 99 seats more. */
  async function open(kind: Kind, creator: TestUser, cid: number, method: 'wxpay' | 'bank' = 'wxpay') {
    const res =
      kind === 'time'
        ? await call(t, rechargeCompanyRoute, {
            as: creator,
            query: { cid, item: 'business.oneYear', method },
            headers: key(),
          })
        : await call(t, addCompanySeatsRoute, { as: creator, query: { cid, seats: 99, method }, headers: key() });
    return res.ok().data;
  }

  async function pay(checkout: Opened): Promise<void> {
    if (checkout.method !== 'bank') return payOnSandboxPage(t, checkout.pay_url);
    const res = await cli(
      'pay:confirm',
      '--order',
      checkout.out_trade_no,
      '--amount',
      String(checkout.amount),
      '--reference',
      'BOC-1',
    );
    expect(res.code, JSON.stringify(res.error)).toBe(0);
  }

  const companyOf = async (creator: TestUser, cid: number) => {
    const company = (await call(t, getCompaniesRoute, { as: creator })).ok().data.find((row) => row.id === cid);
    return { num: company?.num, exp: company?.exp };
  };
  const checkoutRow = (outTradeNo: string) =>
    t.app.db.selectFrom('checkouts').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();
  const sandboxState = async (outTradeNo: string) => (await sandboxPayment(t, outTradeNo)).state;
  const messagesNaming = async (user: TestUser, outTradeNo: string) =>
    (
      await t.app.db
        .selectFrom('notices')
        .innerJoin('notice_recipients', 'notice_recipients.notice_id', 'notices.id')
        .select('notices.content')
        .where('notice_recipients.user_id', '=', user.userId)
        .execute()
    ).filter((row) => row.content.includes(outTradeNo));
  const outcomesOf = (outTradeNo: string) => paidOutcomes(t, outTradeNo);

  /** What the company is after a payment of `kind` is given on top of `company`. */
  const given = (kind: Kind, company: { num: number; exp: number }) =>
    kind === 'time' ? { ...company, exp: company.exp + YEAR } : { ...company, num: company.num + 99 };
  /** What each kind costs for the company as it is when opened. */
  const priceOf = (kind: Kind, company: { num: number; exp: number }) =>
    kind === 'time' ? YEAR_SEAT * company.num : 99 * Math.ceil((YEAR_SEAT * (company.exp - t.clock.now())) / YEAR);

  const other = (kind: Kind): Kind => (kind === 'time' ? 'seats' : 'time');

  describe.each([
    { first: 'time', paidFirst: 'time' },
    { first: 'time', paidFirst: 'seats' },
    { first: 'seats', paidFirst: 'seats' },
    { first: 'seats', paidFirst: 'time' },
  ] as const)('open $first, open the other, pay $paidFirst first', ({ first, paidFirst }) => {
    it('gives the first payment what it was priced for and refuses and refunds the second', async () => {
      const creator = await testUser(t);
      const { cid, end } = await oneSeatCompany(creator);
      const start = { num: 1, exp: end };
      const opened: Record<Kind, Opened> = {} as Record<Kind, Opened>;
      opened[first] = await open(first, creator, cid);
      opened[other(first)] = await open(other(first), creator, cid);
      // Both were priced for one seat until the company's end: the term at ¥380, not ¥38,000.
      for (const kind of ['time', 'seats'] as const) expect(opened[kind].amount).toBe(priceOf(kind, start));

      const winner = opened[paidFirst];
      const loser = opened[other(paidFirst)];
      await pay(winner);
      await pay(loser);

      expect((await checkoutRow(winner.out_trade_no)).state).toBe('fulfilled');
      expect(await companyOf(creator, cid)).toEqual(given(paidFirst, start));
      // The second was priced for a company that no longer is: nothing given, all of it back.
      const refused = await checkoutRow(loser.out_trade_no);
      expect(refused).toMatchObject({ state: 'refunded', fulfilled_at: null });
      expect(await sandboxState(loser.out_trade_no)).toBe('refunded');
      expect(await outcomesOf(loser.out_trade_no)).toEqual(['refused']);
      expect(await messagesNaming(creator, loser.out_trade_no)).toHaveLength(1);
      const orders = await t.app.db
        .selectFrom('orders')
        .select('order_no')
        .where('order_no', 'in', [winner.out_trade_no, loser.out_trade_no])
        .execute();
      expect(orders.map((row) => row.order_no)).toEqual([winner.out_trade_no]);

      const reviews = (await cli('pay:reviews', '--kind', 'refused')).json as {
        out_trade_no: string;
        amount: number;
        state: string;
        detail: { refused: string; priced: object; found: object; refund: string };
      }[];
      expect(reviews.find((row) => row.out_trade_no === loser.out_trade_no)).toMatchObject({
        amount: loser.amount,
        state: 'refunded',
        detail: {
          refused: paidFirst === 'seats' ? 'seats_changed' : 'end_changed',
          priced: { seats: 1, end },
          found: { seats: given(paidFirst, start).num, end: given(paidFirst, start).exp },
          refund: 'through the provider',
        },
      });

      // Bought again for the company as it is now, it is priced for that and given.
      const company = given(paidFirst, start);
      const again = await open(other(paidFirst), creator, cid);
      expect(again.amount).toBe(priceOf(other(paidFirst), company));
      await pay(again);
      expect((await checkoutRow(again.out_trade_no)).state).toBe('fulfilled');
      expect(await companyOf(creator, cid)).toEqual(given(other(paidFirst), company));
    });
  });

  it.each(['time', 'seats'] as const)(
    'prices and gives both when %s is paid before the other is opened',
    async (firstKind) => {
      const creator = await testUser(t);
      const { cid, end } = await oneSeatCompany(creator);
      const firstCheckout = await open(firstKind, creator, cid);
      await pay(firstCheckout);
      const after = given(firstKind, { num: 1, exp: end });
      const second = await open(other(firstKind), creator, cid);
      // A year for 100 seats is ¥38,000; 99 seats to a year further cost that much more.
      expect(second.amount).toBe(priceOf(other(firstKind), after));
      await pay(second);
      expect((await checkoutRow(second.out_trade_no)).state).toBe('fulfilled');
      expect(await companyOf(creator, cid)).toEqual({ num: 100, exp: end + YEAR });
    },
  );

  it('settles two payments arriving at once for one company: one given, the other refused and refunded', async () => {
    for (let round = 0; round < 3; round++) {
      const creator = await testUser(t);
      const { cid, end } = await oneSeatCompany(creator);
      const time = await open('time', creator, cid);
      const seats = await open('seats', creator, cid);
      await Promise.all([pay(time), pay(seats)]);
      const states = [(await checkoutRow(time.out_trade_no)).state, (await checkoutRow(seats.out_trade_no)).state];
      expect(states.toSorted()).toEqual(['fulfilled', 'refunded']);
      const company = await companyOf(creator, cid);
      expect(company).toEqual(states[0] === 'fulfilled' ? { num: 1, exp: end + YEAR } : { num: 100, exp: end });
    }
  });

  it('keeps a refused bank transfer paid, to be paid back by hand, and says so to the operator', async () => {
    const creator = await testUser(t);
    const { cid, end } = await oneSeatCompany(creator);
    const time = await open('time', creator, cid, 'bank');
    const seats = await open('seats', creator, cid, 'bank');
    await pay(seats);
    const confirmed = await cli(
      'pay:confirm',
      '--order',
      time.out_trade_no,
      '--amount',
      String(time.amount),
      '--reference',
      'BOC-2',
    );
    expect(confirmed.json).toEqual({ out_trade_no: time.out_trade_no, outcome: 'refused' });
    expect(await checkoutRow(time.out_trade_no)).toMatchObject({ state: 'paid', fulfilled_at: null });
    expect(await companyOf(creator, cid)).toEqual({ num: 100, exp: end });
    expect(await messagesNaming(creator, time.out_trade_no)).toHaveLength(1);
    const reviews = (await cli('pay:reviews')).json as { out_trade_no: string; state: string; detail: object }[];
    expect(reviews.find((row) => row.out_trade_no === time.out_trade_no)).toMatchObject({
      state: 'paid',
      detail: { refused: 'seats_changed', priced: { seats: 1 }, found: { seats: 100 }, refund: 'by hand' },
    });
    // Paid back by hand, the operator marks it refunded; the company keeps what it has.
    const refunded = await cli('pay:refund', '--order', time.out_trade_no, '--reason', 'refused: paid back');
    expect(refunded.code, JSON.stringify(refunded.error)).toBe(0);
    expect(await companyOf(creator, cid)).toEqual({ num: 100, exp: end });
  });

  it('gives a team each plan it paid for whatever was paid in between: a team plan is priced by its own seats and term', async () => {
    const owner = await testUser(t, { region: 'overseas' });
    const made = await cli(
      'team:create',
      '--product',
      'max',
      '--name',
      'Design',
      '--owner',
      String(owner.userId),
      '--members',
      '3',
    );
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    const teamId = made.json.id as number;
    const open = async (item: 'business.oneYear' | 'business.lifetime', quantity: number) =>
      (
        await call(t, createCheckoutRoute, { as: owner, body: { item, quantity, method: 'card', team_id: teamId } })
      ).ok().data;
    const year = await open('business.oneYear', 3);
    const lifetime = await open('business.lifetime', 2);
    // Paid in the other order, with time passing: each gives its own plan of the seats it priced.
    await payOnSandboxPage(t, lifetime.pay_url);
    t.clock.advance(600);
    await payOnSandboxPage(t, year.pay_url);
    await owner.signInAgain();
    const plans = (await call(t, getTeamRoute, { as: owner, params: { product: 'max' } })).ok().data?.plan ?? [];
    expect(plans.map((plan) => [plan.type, plan.max_num, plan.expire])).toEqual([
      [62, 2, null],
      [61, 3, t.clock.now() + YEAR],
    ]);
    expect([year.amount, lifetime.amount]).toEqual([3 * 5900, 2 * 15_900]);
  });
});
