import {
  createCheckoutRoute,
  FOREVER_THRESHOLD,
  getCheckoutCatalogueRoute,
  getLicencesRoute,
  type RouteBody,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { payOnSandboxPage, startCheckoutTestApp } from '../../../test/helpers/sandbox.js';
import { dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

const YEAR = 31_536_000;

/**
 * What a personal plan bought does to what the buyer holds (docs/decisions/056): nothing is sold
 * that would give nothing, and a subscription renews on unless the purchase ends or replaces it.
 */
describe.each(dialects)('plan purchases over what is held, on $name', (dialect) => {
  let t: TestApp;
  const cli = cliRunner(() => t);

  beforeAll(async () => {
    t = await startCheckoutTestApp(dialect);
  });
  afterAll(async () => t.close());

  type Body = RouteBody<typeof createCheckoutRoute>;
  const open = (user: TestUser, body: Body) => call(t, createCheckoutRoute, { as: user, body });
  const buy = async (user: TestUser, body: Body) => {
    const checkout = (await open(user, body)).ok().data;
    await payOnSandboxPage(t, checkout.pay_url);
    return checkout;
  };
  const refusal = (res: { status: number; body: unknown }) => [res.status, (res.body as { msg: string }).msg];
  const state = async (outTradeNo: string) =>
    (
      await t.app.db
        .selectFrom('checkouts')
        .select('state')
        .where('out_trade_no', '=', outTradeNo)
        .executeTakeFirstOrThrow()
    ).state;
  const maxRows = async (user: TestUser) =>
    (await call(t, getLicencesRoute, { as: user }))
      .ok()
      .data.filter((row) => row.product === 'max' && row.scope === 'personal');
  const holding = async (user: TestUser, product: 'max' | 'mind' = 'max') =>
    (await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.holdings.find((h) => h.product === product);
  const agreementLive = async (outTradeNo: string) =>
    (
      await t.app.db
        .selectFrom('sandbox_payments')
        .select('agreement')
        .where('out_trade_no', '=', outTradeNo)
        .executeTakeFirstOrThrow()
    ).agreement === 1;

  it('offers no renewal of a lifetime licence, and sells no plan of its product again: nothing is charged', async () => {
    const ann = await testUser(t, { region: 'overseas' });
    await buy(ann, { item: 'personal.lifetime', product: 'max', method: 'card' });
    const rows = await maxRows(ann);
    expect(rows.map((row) => [row.state, row.can_renew])).toEqual([['forever', false]]);
    expect(await holding(ann)).toEqual({ product: 'max', forever: true, renewing: null });
    expect(await holding(ann, 'mind')).toEqual({ product: 'mind', forever: false, renewing: null });

    const before = await t.app.db.selectFrom('checkouts').select('id').where('user_id', '=', ann.userId).execute();
    for (const item of ['personal.lifetime', 'personal.oneYear', 'personal.continuousYearly'] as const) {
      expect(refusal(await open(ann, { item, product: 'max', method: 'card' }))).toEqual([409, 'already owned']);
    }
    // Nothing opened at the provider or here.
    expect(await t.app.db.selectFrom('checkouts').select('id').where('user_id', '=', ann.userId).execute()).toEqual(
      before,
    );
    // The other product is sold as before.
    expect((await open(ann, { item: 'personal.lifetime', product: 'mind', method: 'card' })).status).toBe(200);
  });

  it('gives a lifetime plan paid twice (two checkouts, paid at once) once: the other payment waits for a refund', async () => {
    const ben = await testUser(t);
    const first = (await open(ben, { item: 'personal.lifetime', product: 'mind', method: 'wxpay' })).ok().data;
    const second = (await open(ben, { item: 'personal.lifetime', product: 'mind', method: 'alipay' })).ok().data;
    await Promise.all([payOnSandboxPage(t, first.pay_url), payOnSandboxPage(t, second.pay_url)]);
    const states = [await state(first.out_trade_no), await state(second.out_trade_no)].sort();
    expect(states).toEqual(['fulfilled', 'paid']);
    const orders = await t.app.db.selectFrom('orders').select('order_no').where('user_id', '=', ben.userId).execute();
    expect(orders).toHaveLength(1);
    const licences = await t.app.db
      .selectFrom('grants')
      .select('source_id')
      .where('user_id', '=', ben.userId)
      .where('kind', '=', 'licence')
      .execute();
    expect(licences).toEqual([{ source_id: orders[0]!.order_no }]);
  });

  it('leaves a subscription renewing when a 1-year plan is bought: the year comes after its end, the renewal after that', async () => {
    const cat = await testUser(t, { region: 'overseas' });
    const plan = await buy(cat, { item: 'personal.continuousYearly', product: 'max', method: 'card' });
    expect(await holding(cat)).toEqual({ product: 'max', forever: false, renewing: 'continuousYearly' });
    await buy(cat, { item: 'personal.oneYear', product: 'max', method: 'card' });

    const [row] = await maxRows(cat);
    expect(row).toMatchObject({ renewal: 'auto', showCancel: true, endTime: t.clock.now() + 2 * YEAR });
    expect(await holding(cat)).toMatchObject({ renewing: 'continuousYearly' });
    const renewed = await cli('pay:renew', '--order', plan.out_trade_no);
    expect(renewed.json).toMatchObject({ state: 'fulfilled', renews: plan.out_trade_no });
    expect((await maxRows(cat))[0]).toMatchObject({ renewal: 'auto', endTime: t.clock.now() + 3 * YEAR });
  });

  it('refuses the continuous plan that renews already, and lets another continuous plan replace it', async () => {
    const dan = await testUser(t, { region: 'overseas' });
    const yearly = await buy(dan, { item: 'personal.continuousYearly', product: 'max', method: 'card' });
    expect(refusal(await open(dan, { item: 'personal.continuousYearly', product: 'max', method: 'card' }))).toEqual([
      409,
      'already renews',
    ]);

    const halfYear = await buy(dan, { item: 'personal.halfYearContinuous', product: 'max', method: 'card' });
    expect(await state(halfYear.out_trade_no)).toBe('fulfilled');
    expect(await holding(dan)).toMatchObject({ renewing: 'halfYearContinuous' });
    // The yearly plan's agreement is not charged again, and is ended; the half-year one renews.
    expect((await cli('pay:renew', '--order', yearly.out_trade_no)).code).toBe(1);
    expect(await agreementLive(yearly.out_trade_no)).toBe(false);
    expect((await cli('pay:renew', '--order', halfYear.out_trade_no)).json).toMatchObject({ state: 'fulfilled' });
    expect((await maxRows(dan))[0]).toMatchObject({ renewal: 'auto' });
  });

  it('ends the renewal of a subscription when a lifetime plan is bought over it', async () => {
    const eve = await testUser(t, { region: 'overseas' });
    const yearly = await buy(eve, { item: 'personal.continuousYearly', product: 'mind', method: 'card' });
    await buy(eve, { item: 'personal.lifetime', product: 'mind', method: 'card' });
    const rows = (await call(t, getLicencesRoute, { as: eve }))
      .ok()
      .data.filter((row) => row.product === 'mind' && row.scope === 'personal');
    expect(rows.map((row) => [row.state, row.can_renew, row.showCancel])).toEqual([['forever', false, false]]);
    expect(rows[0]?.renewal).not.toBe('auto');
    const record = await t.app.db
      .selectFrom('subscriptions')
      .select(['have_renew', 'win_exp'])
      .where('user_id', '=', eve.userId)
      .where('product', '=', 'mind')
      .executeTakeFirstOrThrow();
    expect(record.have_renew).toBe(0);
    expect(record.win_exp).toBeGreaterThanOrEqual(FOREVER_THRESHOLD);
    expect((await cli('pay:renew', '--order', yearly.out_trade_no)).code).toBe(1);
    expect(await agreementLive(yearly.out_trade_no)).toBe(false);
  });
});
