import {
  cancelSubscriptionRoute,
  CHECKOUT_TTL_SECONDS,
  checkoutEventsRoute,
  closeCheckoutRoute,
  createCheckoutRoute,
  getCheckoutCatalogueRoute,
  getCheckoutRoute,
  getLicencesRoute,
  getOrdersRoute,
  pollCheckoutRoute,
  requestInvoiceRoute,
  type RouteBody,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { openCheckoutStream } from '../../../test/helpers/event-stream.js';
import { expectLedgerAgrees } from '../../../test/helpers/ledger.js';
import { payOnSandboxPage, sandboxPayment, sandboxRefOf } from '../../../test/helpers/sandbox.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { defineCoupon, holdCoupon } from '../coupons/coupons.service.js';
import { balance, spend } from '../grants/grants.service.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxSigningKey, signNotification } from './sandbox/signature.js';

const TEST_SECRET = 'test-secret-key-test-secret-key-0123456789';

describe.each(dialects)('checkout and payments on $name', (dialect) => {
  let t: TestApp;
  let origin: string;
  const cli = cliRunner(() => t);

  beforeAll(async () => {
    // Tests run the sweep and the sandbox's deliveries themselves; the sandbox calls this server.
    t = await createTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const open = (user: TestUser, body: RouteBody<typeof createCheckoutRoute>, key?: string) =>
    call(t, createCheckoutRoute, { as: user, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  /** The payer presses pay on the sandbox provider's page, as the QR code would have them do. */
  const payOnPage = (payUrl: string | null) => payOnSandboxPage(t, payUrl);

  const checkoutRow = (outTradeNo: string) =>
    t.app.db.selectFrom('checkouts').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();

  /** A notification signed as the sandbox signs them, sent as it sends them. */
  const notify = (app: TestApp['app'], body: object, signature?: string) => {
    const text = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signature ?? signNotification(sandboxSigningKey(TEST_SECRET), text, t.clock.now()),
      },
      payload: text,
    });
  };

  it('sells each build its own catalogue: yuan and QR or transfer at home, dollars and card abroad', async () => {
    const home = await testUser(t);
    const abroad = await testUser(t, { region: 'overseas' });
    const domestic = (await call(t, getCheckoutCatalogueRoute, { as: home })).ok().data;
    expect(domestic.currency).toBe('CNY');
    expect(domestic.methods).toEqual(['wxpay', 'alipay', 'bank']);
    expect(domestic.items.find((item) => item.key === 'personal.oneYear')).toMatchObject({
      price: 28_000,
      type: 209,
      ai_points: 6666,
      credit: 2000,
      continuous: false,
      length: 'oneYear',
    });
    expect(domestic.items.find((item) => item.key === 'business.lifetime')).toMatchObject({
      price: 108_000,
      type: 8,
      quantity_max: 1000,
    });
    expect(domestic.items.some((item) => item.kind === 'template_credit')).toBe(true);

    const overseas = (await call(t, getCheckoutCatalogueRoute, { as: abroad })).ok().data;
    expect(overseas.currency).toBe('USD');
    expect(overseas.methods).toEqual(['card']);
    expect(overseas.items.find((item) => item.key === 'personal.oneYear')?.price).toBe(7900);
    expect(overseas.items.some((item) => item.kind === 'template_credit')).toBe(false);
  });

  it('prices a checkout on the server, answers a retry with the same checkout, and refuses what the build does not sell', async () => {
    const user = await testUser(t);
    const first = await open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay' }, 'buy-once-1');
    const checkout = first.ok().data;
    expect(checkout).toMatchObject({
      state: 'created',
      amount: 28_000,
      list_amount: 28_000,
      discount: 0,
      currency: 'CNY',
      order_id: null,
    });
    expect(checkout.qr_svg).toMatch(/^<svg/);
    expect(checkout.pay_url).toMatch(/\/api\/sandbox\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(checkout.expires_at - checkout.created_at).toBe(CHECKOUT_TTL_SECONDS);

    const again = await open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay' }, 'buy-once-1');
    expect(again.ok().data.out_trade_no).toBe(checkout.out_trade_no);
    expect(again.headers['idempotent-replayed']).toBe('true');

    // A price sent by the client is not a field the contract takes.
    const priced = await t.app.inject({
      method: 'POST',
      url: `/api/user/${user.userId}/pay/checkout`,
      headers: user.headers(),
      payload: { item: 'personal.oneYear', product: 'max', method: 'wxpay', amount: 1 },
    });
    expect(priced.statusCode).toBe(400);

    const refusals: [Parameters<typeof open>[1], string][] = [
      [{ item: 'personal.oneYear', product: 'max', method: 'card' }, 'payment method unavailable'],
      [{ item: 'personal.oneYear', method: 'wxpay' }, 'invalid product'],
      [{ item: 'ai.points1000', product: 'max', method: 'wxpay' }, 'invalid product'],
      [{ item: 'personal.oneYear', product: 'max', quantity: 2, method: 'wxpay' }, 'invalid quantity'],
    ];
    for (const [body, msg] of refusals) {
      const res = await open(user, body);
      expect([res.status, (res.body as { msg: string }).msg]).toEqual([400, msg]);
    }
    const abroad = await testUser(t, { region: 'overseas' });
    const credit = await open(abroad, { item: 'template.credit10', method: 'card' });
    expect([credit.status, (credit.body as { msg: string }).msg]).toEqual([400, 'not sold here']);
    const qr = await open(abroad, { item: 'ai.points1000', method: 'alipay' });
    expect((qr.body as { msg: string }).msg).toBe('payment method unavailable');

    // Another person's checkout does not exist for them; another person's path is refused.
    const other = await testUser(t);
    const peek = await call(t, getCheckoutRoute, { as: other, params: { outTradeNo: checkout.out_trade_no } });
    expect([peek.status, (peek.body as { msg: string }).msg]).toEqual([404, 'checkout not exists']);
    const across = await call(t, getCheckoutRoute, {
      as: other,
      params: { userId: user.userId, outTradeNo: checkout.out_trade_no },
    });
    expect(across.status).toBe(403);
  });

  it('is paid on the sandbox page, notified over HTTP, and fulfilled: the order, the licence and the plan’s extras', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'personal.oneYear', product: 'mind', method: 'alipay' })).ok().data;

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/pay/${sandboxRefOf(checkout.pay_url)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥280.00');
    // A checkout naming no language names its item in the account's (here its region's, Chinese).
    expect(page.body).toContain('1 年版（思维导图）');
    // A page: the page's security headers, with the route's own referrer policy kept (decision 042).
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');

    await payOnPage(checkout.pay_url);
    const paid = (await call(t, getCheckoutRoute, { as: user, params: { outTradeNo: checkout.out_trade_no } })).ok()
      .data;
    expect(paid).toMatchObject({ state: 'fulfilled', order_id: checkout.out_trade_no, qr_svg: null, pay_url: null });
    const poll = (await call(t, pollCheckoutRoute, { as: user, query: { out_trade_no: checkout.out_trade_no } })).ok()
      .data;
    expect(poll).toEqual({ out_trade_no: checkout.out_trade_no, state: 'fulfilled', paid: true });

    const orders = (await call(t, getOrdersRoute, { as: user, query: {} })).ok();
    expect(orders.data.map((order) => [order.order_id, order.amount, order.type, order.from])).toEqual([
      [checkout.out_trade_no, 28_000, 209, 'online'],
    ]);
    const licences = (await call(t, getLicencesRoute, { as: user })).ok().data;
    const mind = licences.find((row) => row.product === 'mind' && row.scope === 'personal');
    expect(mind?.endTime).toBe((paid.paid_at as number) + 31_536_000);
    const now = t.clock.now();
    expect(await balance(t.app.db, user.userId, 'ai_points', now)).toBe(6666);
    expect(await balance(t.app.db, user.userId, 'template_credit', now)).toBe(2000);

    // The sandbox was acknowledged, and the notification log says what was done.
    const delivered = await t.app.db
      .selectFrom('sandbox_notifications')
      .select(['delivered_at', 'attempts'])
      .where('out_trade_no', '=', checkout.out_trade_no)
      .execute();
    expect(delivered).toEqual([{ delivered_at: expect.any(Number), attempts: 1 }]);
    const log = await t.app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', checkout.out_trade_no)
      .execute();
    expect(log.map((row) => row.outcome)).toEqual(['fulfilled']);

    // The provider sending it again (an operator's pay:replay) is heard as a duplicate.
    const replay = await cli('pay:replay', '--order', checkout.out_trade_no);
    expect(replay.json).toEqual({ out_trade_no: checkout.out_trade_no, last_outcome: 'duplicate' });
    expect(await balance(t.app.db, user.userId, 'ai_points', now)).toBe(6666);

    // The page now says it is paid, and pressing pay again changes nothing.
    await payOnPage(checkout.pay_url);
    expect((await checkoutRow(checkout.out_trade_no)).state).toBe('fulfilled');
  });

  it('fulfils once however many notifications arrive at once, on two instances', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'ai.points5000', method: 'wxpay' })).ok().data;
    const row = await checkoutRow(checkout.out_trade_no);
    const other =
      dialect.name === 'postgres'
        ? await t.anotherInstance({ CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' })
        : t.app;
    const body = {
      id: 'evt_race',
      event: 'paid',
      out_trade_no: checkout.out_trade_no,
      provider_ref: row.provider_ref,
      amount: 4500,
      currency: 'CNY',
      at: t.clock.now(),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => notify(i % 2 === 0 ? t.app : other, body)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = await t.app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', checkout.out_trade_no)
      .execute();
    expect(outcomes.filter((o) => o.outcome === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(19);
    const grants = await t.app.db
      .selectFrom('grants')
      .select('kind')
      .where('source_id', '=', checkout.out_trade_no)
      .execute();
    expect(grants).toEqual([{ kind: 'ai_points' }]);
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', checkout.out_trade_no)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await expectLedgerAgrees(t.app.db, user.userId, 'ai_points', t.clock.now())).toBe(5000);
  });

  it('changes nothing for a notification with a wrong signature or a wrong amount, and logs both', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'ai.points1000', method: 'wxpay' })).ok().data;
    const row = await checkoutRow(checkout.out_trade_no);
    const body = {
      id: 'evt_bad',
      event: 'paid',
      out_trade_no: checkout.out_trade_no,
      provider_ref: row.provider_ref,
      amount: 1000,
      currency: 'CNY',
      at: t.clock.now(),
    };

    const forged = await notify(
      t.app,
      body,
      signNotification(
        sandboxSigningKey('another-secret-another-secret-0123456789'),
        JSON.stringify(body),
        t.clock.now(),
      ),
    );
    expect(forged.statusCode).toBe(400);
    const stale = await notify(
      t.app,
      body,
      signNotification(sandboxSigningKey(TEST_SECRET), JSON.stringify(body), t.clock.now() - 3600),
    );
    expect(stale.statusCode).toBe(400);
    const cheap = await notify(t.app, { ...body, amount: 1 });
    expect(cheap.statusCode).toBe(400);

    expect((await checkoutRow(checkout.out_trade_no)).state).toBe('created');
    expect(await balance(t.app.db, user.userId, 'ai_points', t.clock.now())).toBe(0);
    const outcomes = await t.app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', checkout.out_trade_no)
      .orderBy('id')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['bad_signature', 'bad_signature', 'bad_amount']);
  });

  it('closes an unpaid checkout after 30 minutes, here and at the provider, and the page no longer takes payment', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'ai.unlimitedMonth', method: 'wxpay' })).ok().data;
    t.clock.advance(CHECKOUT_TTL_SECONDS + 1);
    await user.signInAgain();
    {
      const read = (await call(t, getCheckoutRoute, { as: user, params: { outTradeNo: checkout.out_trade_no } })).ok()
        .data;
      expect(read).toMatchObject({ state: 'closed', closed_at: t.clock.now(), qr_svg: null });
      const sandbox = await sandboxPayment(t, checkout.out_trade_no);
      expect(sandbox.state).toBe('closed');
      await payOnPage(checkout.pay_url);
      expect((await checkoutRow(checkout.out_trade_no)).state).toBe('closed');
    }
  });

  it('lets the buyer abandon an unpaid checkout to start again', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'ai.points1000', method: 'alipay' })).ok().data;
    const closed = (await call(t, closeCheckoutRoute, { as: user, params: { outTradeNo: checkout.out_trade_no } })).ok()
      .data;
    expect(closed.state).toBe('closed');
    const again = (await open(user, { item: 'ai.points1000', method: 'alipay' })).ok().data;
    expect(again.out_trade_no).not.toBe(checkout.out_trade_no);
  });

  it('lists checkouts by state and user for the operator, and closes an unpaid one at the provider too', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'ai.points1000', method: 'alipay' })).ok().data;
    const listed = await cli('pay:list', '--state', 'created', '--user', String(user.userId));
    expect(listed.json).toEqual([
      expect.objectContaining({
        out_trade_no: checkout.out_trade_no,
        state: 'created',
        amount: 1000,
        provider: 'sandbox',
      }),
    ]);
    expect((await cli('pay:close', '--order', checkout.out_trade_no)).json).toEqual({
      out_trade_no: checkout.out_trade_no,
      state: 'closed',
    });
    const sandbox = await sandboxPayment(t, checkout.out_trade_no);
    expect(sandbox.state).toBe('closed');
    expect((await cli('pay:list', '--state', 'created', '--user', String(user.userId))).json).toEqual([]);
    expect((await cli('pay:list', '--state', 'nowhere')).code).toBe(1);
  });

  it('waits for the operator to confirm a bank transfer of the right amount', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'business.oneYear', quantity: 5, method: 'bank' })).ok().data;
    expect(checkout).toMatchObject({
      amount: 190_000,
      qr_svg: null,
      pay_url: null,
      bank: { reference: checkout.out_trade_no },
    });
    expect(checkout.expires_at - checkout.created_at).toBe(7 * 86_400);

    const confirm = (amount: string) =>
      cli('pay:confirm', '--order', checkout.out_trade_no, '--amount', amount, '--reference', 'BOC-1');
    const short = await confirm('100000');
    expect(short.code).toBe(1);
    expect((await checkoutRow(checkout.out_trade_no)).state).toBe('created');

    const confirmed = await confirm('190000');
    expect(confirmed.json).toEqual({ out_trade_no: checkout.out_trade_no, outcome: 'fulfilled' });
    const company = await t.app.db
      .selectFrom('company_members')
      .innerJoin('companies', 'companies.id', 'company_members.company_id')
      .select(['companies.num', 'companies.type', 'companies.exp', 'company_members.role'])
      .where('company_members.user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(company).toEqual({ num: 5, type: 9, exp: t.clock.now() + 31_536_000, role: 2 });
    const order = await t.app.db
      .selectFrom('orders')
      .select(['channel', 'product', 'type'])
      .where('order_no', '=', checkout.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ channel: 'bank_transfer', product: 'mindmaster', type: 9 });
    // The buyer's own licences are untouched: the company holds the plan.
    expect(
      await t.app.db.selectFrom('subscriptions').select('product').where('user_id', '=', user.userId).execute(),
    ).toEqual([]);

    const twice = await confirm('190000');
    expect(twice.code).toBe(1);
  });

  it('extends a running plan from its end when renewed', async () => {
    const user = await testUser(t);
    for (let i = 0; i < 2; i++) {
      const checkout = (await open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay' })).ok().data;
      await payOnPage(checkout.pay_url);
    }
    const licences = (await call(t, getLicencesRoute, { as: user })).ok().data;
    const max = licences.find((row) => row.product === 'max' && row.scope === 'personal');
    expect(max?.endTime).toBe(t.clock.now() + 2 * 31_536_000);
  });

  it('renews a continuous plan through the provider’s agreement until its renewal is cancelled', async () => {
    const user = await testUser(t, { region: 'overseas' });
    const first = (await open(user, { item: 'personal.continuousYearly', product: 'max', method: 'card' })).ok().data;
    expect(first).toMatchObject({ amount: 5900, currency: 'USD', qr_svg: null });
    await payOnPage(first.pay_url);
    const licence = async () =>
      (await call(t, getLicencesRoute, { as: user }))
        .ok()
        .data.find((row) => row.product === 'max' && row.scope === 'personal');
    expect(await licence()).toMatchObject({ renewal: 'auto', showCancel: true, endTime: t.clock.now() + 31_536_000 });

    const renewed = await cli('pay:renew', '--order', first.out_trade_no);
    expect(renewed.json).toMatchObject({ state: 'fulfilled', amount: 5900, renews: first.out_trade_no });
    expect((await licence())?.endTime).toBe(t.clock.now() + 2 * 31_536_000);

    expect((await call(t, cancelSubscriptionRoute, { as: user, body: { product: 'max' } })).status).toBe(200);
    const refused = await cli('pay:renew', '--order', first.out_trade_no);
    expect(refused.code).toBe(1);
    const agreement = await sandboxPayment(t, first.out_trade_no);
    expect(agreement.agreement).toBe(0);
    expect(
      await t.app.db.selectFrom('checkouts').select('id').where('renews', '=', first.out_trade_no).execute(),
    ).toHaveLength(1);
  });

  it('takes a held plan coupon off a plan once, and gives it back when the checkout closes unpaid', async () => {
    const user = await testUser(t);
    const now = t.clock.now();
    const give = async (productType: 'template' | 'plan') => {
      const coupon = await defineCoupon(
        t.app.db,
        {
          type: 2,
          value: 10,
          product: 'max',
          productType,
          currency: 'CNY',
          info: `10% off (${productType})`,
          validDays: 30,
        },
        now,
      );
      await t.app.db
        .transaction()
        .execute((trx) =>
          holdCoupon(
            trx,
            user.userId,
            coupon.id,
            { kind: 'operator', id: `test-${coupon.id}`, reason: 'test' },
            true,
            now,
          ),
        );
    };
    // A template coupon is not the checkout's.
    await give('template');
    expect((await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.coupon).toBeNull();
    const refused = await open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay', use_coupon: true });
    expect([refused.status, (refused.body as { msg: string }).msg]).toEqual([409, 'coupon not applicable']);

    await give('plan');
    const catalogue = (await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data;
    expect(catalogue.coupon).toMatchObject({ type: 2, value: 10, product: 'max', currency: 'CNY' });
    for (const body of [
      { item: 'personal.oneYear', product: 'mind', method: 'wxpay', use_coupon: true },
      { item: 'ai.points1000', method: 'wxpay', use_coupon: true },
    ] as const) {
      const res = await open(user, body);
      expect([res.status, (res.body as { msg: string }).msg]).toEqual([409, 'coupon not applicable']);
    }

    // Ten checkouts at once ask for it: one gets it.
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay', use_coupon: true }),
      ),
    );
    const won = tries.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    expect(tries.filter((res) => res.status === 409)).toHaveLength(9);
    const first = won[0]!.ok().data;
    expect(first).toMatchObject({ list_amount: 28_000, discount: 2800, amount: 25_200 });
    expect((await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.coupon).toBeNull();

    // Abandoned: the coupon comes back, to its old end; used again and paid, it stays used.
    await call(t, closeCheckoutRoute, { as: user, params: { outTradeNo: first.out_trade_no } });
    const back = (await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.coupon;
    expect(back).toMatchObject({ value: 10, exp: catalogue.coupon!.exp });
    const second = (
      await open(user, { item: 'personal.oneYear', product: 'max', method: 'wxpay', use_coupon: true })
    ).ok().data;
    await payOnPage(second.pay_url);
    expect((await checkoutRow(second.out_trade_no)).state).toBe('fulfilled');
    const order = await t.app.db
      .selectFrom('orders')
      .select('amount')
      .where('order_no', '=', second.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(order.amount).toBe(25_200);
    expect((await call(t, getCheckoutCatalogueRoute, { as: user })).ok().data.coupon).toBeNull();
  });

  it('refunds through the provider and takes back what is left: spent points stay spent and the refund says so', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'personal.twoYears', product: 'max', method: 'wxpay' })).ok().data;
    await payOnPage(checkout.pay_url);
    await t.app.db
      .transaction()
      .execute((trx) => spend(trx, user.userId, 'ai_points', 666, 'used before the refund', t.clock.now()));

    const refund = await cli('pay:refund', '--order', checkout.out_trade_no, '--reason', 'asked within 7 days');
    expect(refund.code).toBe(0);
    expect(refund.json).toMatchObject({
      out_trade_no: checkout.out_trade_no,
      amount: 56_000,
      spent_kept: [{ kind: 'ai_points', spent: 666 }],
      cashback: 'none',
    });
    expect(refund.json.taken_back.map((row: { kind: string }) => row.kind).sort()).toEqual([
      'ai_points',
      'licence',
      'template_credit',
    ]);
    expect((await checkoutRow(checkout.out_trade_no)).state).toBe('refunded');
    const now = t.clock.now();
    expect(await expectLedgerAgrees(t.app.db, user.userId, 'ai_points', now)).toBe(0);
    expect(await balance(t.app.db, user.userId, 'template_credit', now)).toBe(0);
    const licences = (await call(t, getLicencesRoute, { as: user })).ok().data;
    expect(licences.filter((row) => row.product === 'max' && row.scope === 'personal')).toEqual([]);
    const sandbox = await t.app.db
      .selectFrom('sandbox_payments')
      .select(['state', 'refunded'])
      .where('out_trade_no', '=', checkout.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(sandbox).toEqual({ state: 'refunded', refunded: 56_000 });

    // The history marks the order, and no receipt is asked for money that went back.
    const [row] = (await call(t, getOrdersRoute, { as: user, query: {} })).ok().data;
    expect(row).toMatchObject({ order_id: checkout.out_trade_no, refunded: true, receipt: 'cannot_invoice' });
    const receipt = await call(t, requestInvoiceRoute, {
      as: user,
      body: {
        order_id: checkout.out_trade_no,
        product: 'max',
        title_type: 'personal',
        title: 'Ann',
        email: user.email,
      },
    });
    expect([receipt.status, receipt.body.msg]).toEqual([409, 'order refunded']);

    const again = await cli('pay:refund', '--order', checkout.out_trade_no, '--reason', 'twice');
    expect(again.code).toBe(1);
  });

  it('pushes the state over Server-Sent Events: created at once, fulfilled when paid, then the stream ends', async () => {
    const user = await testUser(t);
    const checkout = (await open(user, { item: 'template.credit30', method: 'wxpay' })).ok().data;
    const stream = await openCheckoutStream(origin, user, checkout.out_trade_no);
    expect(stream.contentType).toContain('text/event-stream');
    await stream.readUntil('"state":"created"');
    expect(stream.text()).toMatch(/^id: created\nevent: checkout\ndata: \{/);
    await payOnPage(checkout.pay_url);
    await stream.readUntil('"state":"fulfilled"');
    expect(stream.text()).toContain('id: fulfilled');
    // Settled: the server ends the stream.
    expect(await stream.ended()).toBe(true);

    const missing = await call(t, checkoutEventsRoute, { as: user, params: { outTradeNo: '00000000000000000000' } });
    expect(missing.status).toBe(404);
  });
});
