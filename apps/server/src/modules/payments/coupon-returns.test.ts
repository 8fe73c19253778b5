import {
  type Checkout,
  closeCheckoutRoute,
  createCheckoutRoute,
  getCheckoutCatalogueRoute,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { payOnSandboxPage, suiteCheckoutApp } from '../../../test/helpers/sandbox.js';
import { dialects } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { defineCoupon, holdCoupon } from '../coupons/coupons.service.js';

type Opened = Static<typeof Checkout>;

const LIST = 28_000;
const DISCOUNT = 2_800;

/**
 * One coupon, one discount (docs/decisions/052): a checkout closed unpaid gives its coupon back,
 * and its payment arriving after all takes the coupon back — or, when another checkout has used
 * it since, leaves the second discount on record for an operator.
 */
describe.each(dialects)('a coupon given back and a late payment, on $name', (dialect) => {
  const t = suiteCheckoutApp(dialect);
  const cli = cliRunner(() => t);

  /** A buyer holding a 10%-off coupon for the diagram plans. */
  async function buyerWithCoupon(): Promise<TestUser> {
    const user = await testUser(t);
    const now = t.clock.now();
    const coupon = await defineCoupon(
      t.app.db,
      { type: 2, value: 10, product: 'max', productType: 'plan', currency: 'CNY', info: '10% off', validDays: 30 },
      now,
    );
    await t.app.db
      .transaction()
      .execute((trx) =>
        holdCoupon(trx, user.userId, coupon.id, { kind: 'operator', id: `c-${coupon.id}`, reason: 'test' }, true, now),
      );
    return user;
  }

  const openWithCoupon = (user: TestUser, method: 'bank' | 'wxpay') =>
    call(t, createCheckoutRoute, {
      as: user,
      body: { item: 'personal.oneYear', product: 'max', method, use_coupon: true },
    });
  const opened = async (user: TestUser, method: 'bank' | 'wxpay'): Promise<Opened> => {
    const checkout = (await openWithCoupon(user, method)).ok().data;
    expect(checkout).toMatchObject({ list_amount: LIST, discount: DISCOUNT });
    return checkout;
  };
  const close = async (user: TestUser, checkout: Opened) =>
    (await call(t, closeCheckoutRoute, { as: user, params: { outTradeNo: checkout.out_trade_no } })).ok().data;
  const heldCoupon = async (user: TestUser) =>
    (await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.coupon;
  /** The bank transfer of a checkout arrives (after it closed, too: decision 037 honours it). */
  const transferArrives = async (checkout: Opened) => {
    const res = await cli(
      'pay:confirm',
      ...flags({ order: checkout.out_trade_no, amount: checkout.amount, reference: 'BOC-9' }),
    );
    expect(res.code, JSON.stringify(res.error)).toBe(0);
    return res.json.outcome as string;
  };
  const stateOf = async (checkout: Opened) =>
    (
      await t.app.db
        .selectFrom('checkouts')
        .select('state')
        .where('out_trade_no', '=', checkout.out_trade_no)
        .executeTakeFirstOrThrow()
    ).state;
  const reviewsOf = (...checkouts: Opened[]) =>
    t.app.db
      .selectFrom('payment_reviews')
      .selectAll()
      .where(
        'out_trade_no',
        'in',
        checkouts.map((checkout) => checkout.out_trade_no),
      )
      .where('kind', '=', 'coupon_spent')
      .execute();

  /** A checkout that used the coupon, closed unpaid: the coupon is back with the buyer. */
  async function closedWithCouponBack(user: TestUser, method: 'bank' | 'wxpay' = 'bank') {
    const first = await opened(user, method);
    expect(await heldCoupon(user)).toBeNull();
    expect((await close(user, first)).state).toBe('closed');
    expect(await heldCoupon(user)).not.toBeNull();
    return first;
  }

  it('takes the coupon back when the payment of the checkout that gave it back arrives', async () => {
    const user = await buyerWithCoupon();
    const first = await closedWithCouponBack(user);
    expect(await transferArrives(first)).toBe('fulfilled');
    // The late payment kept its discount: the coupon is used, and no second checkout gets it.
    expect(await heldCoupon(user)).toBeNull();
    const second = await openWithCoupon(user, 'wxpay');
    expect([second.status, (second.body as { msg: string }).msg]).toEqual([409, 'coupon not applicable']);
    expect(await reviewsOf(first)).toEqual([]);
  });

  it('records the discount for an operator when another checkout has paid with the coupon since', async () => {
    const user = await buyerWithCoupon();
    const first = await closedWithCouponBack(user);
    const second = await opened(user, 'wxpay');
    await payOnSandboxPage(t, second.pay_url);
    expect(await stateOf(second)).toBe('fulfilled');
    expect(await transferArrives(first)).toBe('fulfilled');
    const listed = (await cli('pay:reviews', '--kind', 'coupon_spent')).json as Record<string, unknown>[];
    expect(listed.find((row) => row.out_trade_no === first.out_trade_no)).toMatchObject({
      kind: 'coupon_spent',
      amount: DISCOUNT,
      currency: 'CNY',
      user_id: user.userId,
      state: 'fulfilled',
      detail: { other_order: second.out_trade_no },
    });
    expect(await reviewsOf(second)).toEqual([]);
    expect(await heldCoupon(user)).toBeNull();
  });

  it('records it on the second payment when that one was still open as the late payment arrived', async () => {
    const user = await buyerWithCoupon();
    const first = await closedWithCouponBack(user);
    const second = await opened(user, 'wxpay');
    expect(await transferArrives(first)).toBe('fulfilled');
    // Still unpaid, the second may yet close: nothing is known to be given twice.
    expect(await reviewsOf(first, second)).toEqual([]);
    await payOnSandboxPage(t, second.pay_url);
    expect((await reviewsOf(first, second)).map((row) => [row.out_trade_no, row.amount])).toEqual([
      [second.out_trade_no, DISCOUNT],
    ]);
  });

  it('does not give the coupon back a second time once the checkout that gave it back was paid', async () => {
    const user = await buyerWithCoupon();
    const first = await closedWithCouponBack(user);
    const second = await opened(user, 'bank');
    expect(await transferArrives(first)).toBe('fulfilled');
    expect((await close(user, second)).state).toBe('closed');
    // The coupon's one use went to the first payment.
    expect(await heldCoupon(user)).toBeNull();
    expect(await reviewsOf(first, second)).toEqual([]);
  });

  it('follows the coupon through checkouts closed unpaid with it since, and takes it back where it is', async () => {
    const user = await buyerWithCoupon();
    const first = await closedWithCouponBack(user);
    const second = await closedWithCouponBack(user);
    expect(await transferArrives(first)).toBe('fulfilled');
    expect(await heldCoupon(user)).toBeNull();
    // The second's payment arriving too is a discount the coupon no longer covers.
    expect(await transferArrives(second)).toBe('fulfilled');
    expect((await reviewsOf(first, second)).map((row) => row.out_trade_no)).toEqual([second.out_trade_no]);
  });

  it('races a late payment against a new checkout using the coupon: one discount is covered, any other is recorded', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await buyerWithCoupon();
      const first = await closedWithCouponBack(user);
      // Started in either order, so that each side wins on some rounds.
      const [late, second] =
        round % 2 === 0
          ? await Promise.all([transferArrives(first), openWithCoupon(user, 'bank')])
          : await Promise.all([openWithCoupon(user, 'bank'), transferArrives(first)]).then(([a, b]) => [b, a] as const);
      expect(late).toBe('fulfilled');
      if (second.status === 200) {
        // The new checkout took the coupon first; paid, its discount is the second one.
        const checkout = second.ok().data;
        expect(await transferArrives(checkout)).toBe('fulfilled');
        expect((await reviewsOf(first, checkout)).map((row) => row.amount)).toEqual([DISCOUNT]);
      } else {
        // The late payment took the coupon back first: the new checkout found none to use.
        expect([second.status, (second.body as { msg: string }).msg]).toEqual([409, 'coupon not applicable']);
        expect(await reviewsOf(first)).toEqual([]);
      }
      expect(await heldCoupon(user)).toBeNull();
    }
  });

  it('keeps one checkout to a coupon holding in the database', async () => {
    const user = await buyerWithCoupon();
    const checkout = await opened(user, 'bank');
    const row = await t.app.db
      .selectFrom('checkouts')
      .selectAll()
      .where('out_trade_no', '=', checkout.out_trade_no)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(
      t.app.db
        .insertInto('checkouts')
        .values({ ...copy, out_trade_no: `9${row.out_trade_no.slice(1)}` })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
  });
});
