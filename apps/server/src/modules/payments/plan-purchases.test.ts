import {
  createCheckoutRoute,
  FOREVER_THRESHOLD,
  getCheckoutCatalogueRoute,
  getLicencesRoute,
  listNotificationsRoute,
  type RouteBody,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { paidOutcomes, payOnSandboxPage, sandboxPayment, suiteCheckoutApp } from '../../../test/helpers/sandbox.js';
import { dialects } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

const YEAR = 31_536_000;

/**
 * What a personal plan bought does to what the buyer holds (docs/decisions/056): nothing is sold
 * that would give nothing, and a subscription renews on unless the purchase ends or replaces it.
 */
describe.each(dialects)('plan purchases over what is held, on $name', (dialect) => {
  const t = suiteCheckoutApp(dialect);
  const cli = cliRunner(() => t);

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
  const agreementLive = async (outTradeNo: string) => (await sandboxPayment(t, outTradeNo)).agreement === 1;

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

  const outcomesOf = (outTradeNo: string) => paidOutcomes(t, outTradeNo);
  /** The buyer's messages naming an order, as an English reader sees them. */
  const messagesNaming = async (user: TestUser, outTradeNo: string) =>
    (await call(t, listNotificationsRoute, { as: user, headers: { 'accept-language': 'en' } }))
      .ok()
      .data.notify.map((message) => message.content)
      .filter((content) => content.includes(outTradeNo));
  type Review = { out_trade_no: string; amount: number; state: string; detail: Record<string, unknown> };
  const reviewOf = async (outTradeNo: string) =>
    ((await cli('pay:reviews', '--kind', 'refused')).json as Review[]).find((row) => row.out_trade_no === outTradeNo);

  /**
   * Two checkouts of a plan that can be held once, opened before either was paid (two tabs), and
   * paid at once: one gives it, the other would give nothing and is refused and refunded in full.
   */
  const payBothAtOnce = async (
    user: TestUser,
    body: Omit<Body, 'method'>,
    methods: [Body['method'], Body['method']],
  ) => {
    const first = (await open(user, { ...body, method: methods[0] })).ok().data;
    const second = (await open(user, { ...body, method: methods[1] })).ok().data;
    await Promise.all([payOnSandboxPage(t, first.pay_url), payOnSandboxPage(t, second.pay_url)]);
    const byState = new Map<string, typeof first>();
    for (const checkout of [first, second]) byState.set(await state(checkout.out_trade_no), checkout);
    expect([...byState.keys()].sort()).toEqual(['fulfilled', 'refunded']);
    return { given: byState.get('fulfilled')!, refused: byState.get('refunded')! };
  };

  it('gives a lifetime plan paid twice (two checkouts, paid at once) once, and refunds the other in full', async () => {
    const ben = await testUser(t);
    const { given, refused } = await payBothAtOnce(ben, { item: 'personal.lifetime', product: 'mind' }, [
      'wxpay',
      'alipay',
    ]);
    const orders = await t.app.db.selectFrom('orders').select('order_no').where('user_id', '=', ben.userId).execute();
    expect(orders).toEqual([{ order_no: given.out_trade_no }]);
    const licences = await t.app.db
      .selectFrom('grants')
      .select('source_id')
      .where('user_id', '=', ben.userId)
      .where('kind', '=', 'licence')
      .execute();
    expect(licences).toEqual([{ source_id: given.out_trade_no }]);

    // The provider gave the money back; the log, the buyer and the operator say why.
    const sandbox = await sandboxPayment(t, refused.out_trade_no);
    expect(sandbox.state).toBe('refunded');
    expect(await outcomesOf(refused.out_trade_no)).toEqual(['refused']);
    const [message, ...more] = await messagesNaming(ben, refused.out_trade_no);
    expect(more).toEqual([]);
    expect(message).toContain('was already yours');
    expect(await reviewOf(refused.out_trade_no)).toMatchObject({
      amount: refused.amount,
      state: 'refunded',
      detail: { refused: 'already_owned', product: 'mind', plan: 'lifetime', refund: 'through the provider' },
    });
  });

  it('refunds the second of two continuous plans paid at once: the first renews already', async () => {
    const eve = await testUser(t, { region: 'overseas' });
    const { refused } = await payBothAtOnce(eve, { item: 'personal.continuousYearly', product: 'max' }, [
      'card',
      'card',
    ]);
    expect(await holding(eve)).toEqual({ product: 'max', forever: false, renewing: 'continuousYearly' });
    expect(await outcomesOf(refused.out_trade_no)).toEqual(['refused']);
    expect(await reviewOf(refused.out_trade_no)).toMatchObject({
      state: 'refunded',
      detail: { refused: 'already_renews', product: 'max', plan: 'continuousYearly' },
    });
    // One year, once: the refused payment added no time.
    expect((await maxRows(eve)).map((row) => row.endTime)).toEqual([t.clock.now() + YEAR]);
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
