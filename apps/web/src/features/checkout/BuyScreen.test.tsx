import {
  CheckoutErrors,
  CompanyErrors,
  checkoutEventsRoute,
  closeCheckoutRoute,
  createCheckoutRoute,
  getCheckoutCatalogueRoute,
} from '@account-centre/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NavLink } from '../../lib/router';
import { failWith, rawAnswer, stubApi } from '../../testing/api';
import { testCatalogue, testCheckout, testEventStream } from '../../testing/checkout';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import type { Checkout } from './api/create-checkout';
import { BuyScreen } from './BuyScreen';

signedInForEachTest(7);

type Region = 'domestic' | 'overseas';

/**
 * The server of the purchase screen: the region's catalogue, a checkout opened for each Pay (its
 * number counting up), and an event stream per connection that the test writes to.
 */
function server(region: Region, opened: (body: unknown, n: number) => Partial<Checkout> = () => ({})) {
  const streams: ReturnType<typeof testEventStream>[] = [];
  let count = 0;
  const api = stubApi()
    .answer(getCheckoutCatalogueRoute, { data: testCatalogue(region) })
    .answer(createCheckoutRoute, ({ body }) => {
      count += 1;
      return {
        data: testCheckout({
          out_trade_no: `2026112709300000000${count}`,
          currency: region === 'domestic' ? 'CNY' : 'USD',
          ...opened(body, count),
        }),
      };
    })
    .answer(checkoutEventsRoute, () => {
      const stream = testEventStream();
      streams.push(stream);
      return rawAnswer(stream.body, 'text/event-stream');
    });
  return { api, latestStream: () => streams.at(-1)! };
}

const renderBuy = (path: string, region: Region, build = {}) =>
  renderInLanguage(<BuyScreen />, { path, build: { region, ...build } });

const radio = (name: RegExp) => screen.getByRole('radio', { name });

describe('the purchase screen', () => {
  it('opens on the plan a link names, pays it by QR code and shows what was bought once the server says so', async () => {
    const { api, latestStream } = server('domestic', () => ({
      item: 'personal.lifetime',
      product: 'mind',
      amount: 78_000,
      list_amount: 78_000,
    }));
    const { queryClient } = await renderBuy('/buy?item=personal.lifetime&product=mind&from=maxPC', 'domestic');
    const tabs = await screen.findByRole('tablist', { name: 'What to buy' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Personal', 'Business', 'Private deployment', 'AI points', 'Unlimited AI', 'Template credit']);
    expect(screen.getByRole('tab', { name: 'Personal' }).getAttribute('aria-selected')).toBe('true');
    expect(radio(/^Lifetime plan/).getAttribute('aria-checked')).toBe('true');
    expect(radio(/^Lifetime plan/).textContent).toContain('CN¥780.00');
    expect(radio(/^Lifetime plan/).textContent).toContain('Template credit: CN¥30.00');
    expect(radio(/^Lifetime plan/).textContent).toContain('AI points: 66,666');
    expect(radio(/^Yearly plan/).textContent).toContain('Renews until cancelled');
    expect((screen.getByRole('radio', { name: 'Mind map' }) as HTMLInputElement).checked).toBe(true);
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByText('Lifetime plan (Mind map)')).toBeTruthy();
    expect(
      within(order)
        .getAllByRole('radio')
        .map((method) => method.getAttribute('value')),
    ).toEqual(['wxpay', 'alipay', 'bank']);

    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(within(order).getByRole('button', { name: 'Pay CN¥780.00' }));
    const heading = await screen.findByRole('heading', { name: 'Pay for your order' });
    const [create] = api.callsTo(createCheckoutRoute);
    expect(create?.body).toEqual({ item: 'personal.lifetime', product: 'mind', method: 'wxpay' });
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The Pay button is gone: reading goes on from the step's heading.
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('img', { name: 'QR code to pay CN¥780.00 with WeChat Pay' })).toBeTruthy();
    expect(screen.getByText('Scan the code with WeChat to pay CN¥780.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the payment page' }).getAttribute('href')).toBe(
      'http://account.example.cn/api/sandbox/pay/sandbox-1',
    );
    expect(screen.getByText(/^Time left to pay: (30:00|29:5\d)$/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Waiting for your payment…');

    latestStream().send(testCheckout({ out_trade_no: '20261127093000000001', state: 'created' }));
    const paid = testCheckout({
      out_trade_no: '20261127093000000001',
      state: 'fulfilled',
      item: 'personal.lifetime',
      product: 'mind',
      amount: 78_000,
      order_id: '20261127093000000001',
    });
    latestStream().send(paid);
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your purchase has been added to your account: Lifetime plan (Mind map).',
    );
    expect(screen.getByText('20261127093000000001')).toBeTruthy();
    // Back to the orders, the build's query kept and the purchase's choice left behind.
    expect(screen.getByRole('link', { name: 'View your orders' }).getAttribute('href')).toBe('/order?from=maxPC');
    // Licences, orders, points and credit are read again wherever they show.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['user', 7] });

    fireEvent.click(screen.getByRole('button', { name: 'Buy something else' }));
    expect(radio(/^Lifetime plan/).getAttribute('aria-checked')).toBe('true');
  });

  it('sells business seats by card overseas, without template credit, and starts a closed payment again', async () => {
    const { api, latestStream } = server('overseas', (body, n) => ({
      item: 'business.oneYear',
      kind: 'business',
      product: null,
      quantity: 5,
      method: 'card',
      list_amount: 29_500,
      amount: 29_500,
      qr_svg: null,
      pay_url: `http://account.example.com/api/sandbox/pay/card-${n}`,
    }));
    await renderBuy('/buy?kind=business', 'overseas');
    await screen.findByRole('tab', { name: 'Business', selected: true });
    expect(screen.queryByRole('tab', { name: 'Template credit' })).toBeNull();
    fireEvent.click(radio(/^1 year/));
    expect(radio(/^1 year/).textContent).toContain('$59.00 per seat');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seats' }), { target: { value: '5' } });
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByText('Business plan, 1 year, seats: 5')).toBeTruthy();
    expect(within(order).getByText('$59.00 × 5')).toBeTruthy();
    expect(within(order).getAllByText('$295.00')).toHaveLength(2);
    expect(within(order).getByRole('radio', { name: 'Card' })).toBeTruthy();

    fireEvent.click(within(order).getByRole('button', { name: 'Pay $295.00' }));
    await screen.findByRole('heading', { name: 'Pay for your order' });
    expect(api.callsTo(createCheckoutRoute)[0]?.body).toEqual({
      item: 'business.oneYear',
      quantity: 5,
      method: 'card',
    });
    expect(
      screen.getByText('Pay $295.00 by card on the secure payment page, which opens in a new window.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe(
      'http://account.example.com/api/sandbox/pay/card-1',
    );
    expect(screen.queryByRole('img')).toBeNull();

    latestStream().send(
      testCheckout({ out_trade_no: '20261127093000000001', state: 'closed', pay_url: null, qr_svg: null }),
    );
    expect(await screen.findByRole('heading', { name: 'This payment has closed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('It was cancelled or not paid in time. Nothing was charged.');
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('link', { name: 'Pay by card' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toMatch(/card-2$/);
    const [first, second] = api.callsTo(createCheckoutRoute);
    // The same purchase asked for again, as a new request: a new payment to pay.
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('abandons a payment and goes back to the choice as it was', async () => {
    const { api } = server('domestic', () => ({
      item: 'ai.points5000',
      kind: 'ai_points',
      product: null,
      method: 'alipay',
      amount: 4500,
    }));
    api.answer(closeCheckoutRoute, ({ params }) => ({
      data: testCheckout({ out_trade_no: params.outTradeNo, state: 'closed' }),
    }));
    await renderBuy('/buy?kind=ai_points', 'domestic');
    fireEvent.click(await screen.findByRole('radio', { name: /^5,000 AI points/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Alipay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥45.00' }));
    expect(await screen.findByText('Scan the code with Alipay to pay CN¥45.00.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('tab', { name: 'AI points', selected: true })).toBeTruthy();
    expect(api.callsTo(closeCheckoutRoute).map((call) => call.params)).toEqual([
      { userId: 7, outTradeNo: '20261127093000000001' },
    ]);
    expect(radio(/^5,000 AI points/).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('radio', { name: 'Alipay' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the outcome when a payment being abandoned had been paid meanwhile', async () => {
    const { api } = server('domestic', () => ({
      item: 'template.credit30',
      kind: 'template_credit',
      product: null,
      amount: 3000,
    }));
    api.answer(closeCheckoutRoute, ({ params }) => ({
      data: testCheckout({
        out_trade_no: params.outTradeNo,
        state: 'fulfilled',
        item: 'template.credit30',
        kind: 'template_credit',
        product: null,
        amount: 3000,
      }),
    }));
    await renderBuy('/buy?item=template.credit30', 'domestic');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay CN¥30.00' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your template credit' }).getAttribute('href')).toBe('/template');
  });

  it('gives the transfer details of a bank transfer, with its reference and its last day', async () => {
    const expiresAt = Math.floor(Date.UTC(2026, 11, 4, 12) / 1000);
    server('domestic', () => ({
      method: 'bank',
      qr_svg: null,
      pay_url: null,
      expires_at: expiresAt,
      bank: {
        account_name: 'Account Centre Software Co., Ltd.',
        bank_name: 'Bank of China, Shenzhen Branch',
        account_no: '7559 0000 1234 5678',
        reference: '20261127093000000001',
      },
    }));
    await renderBuy('/buy?item=personal.oneYear', 'domestic');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥280.00' }));
    const details = await screen.findByRole('region', { name: 'Bank transfer details' });
    expect(within(details).getByRole('table').textContent).toBe(
      'Account nameAccount Centre Software Co., Ltd.BankBank of China, Shenzhen BranchAccount number7559 0000 1234 5678Reference20261127093000000001',
    );
    expect(
      within(details).getByText(/Please transfer by December 4, 2026; after that the order closes\.$/),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for your transfer to arrive. This page updates when it does.',
    );
    expect(screen.queryByText(/^Time left to pay/)).toBeNull();
  });

  it('says so when the money came but the purchase could not be given, and sends the buyer to customer service', async () => {
    const { latestStream } = server('domestic', () => ({
      item: 'business.lifetime',
      kind: 'business',
      product: null,
      quantity: 2,
    }));
    await renderBuy('/buy?item=business.lifetime', 'domestic');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Seats' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥2,160.00' }));
    await screen.findByRole('heading', { name: 'Pay for your order' });
    latestStream().send(
      testCheckout({ state: 'paid', item: 'business.lifetime', kind: 'business', product: null, quantity: 2 }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Your payment was received, but the purchase could not be added to your account: Business plan, Lifetime, seats: 2. Please contact customer service, who will refund it.',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose another plan' })).toBeTruthy();
  });

  it('has nothing to buy for a private deployment, only whom to ask', async () => {
    server('domestic');
    await renderBuy('/buy?kind=private', 'domestic');
    expect(await screen.findByRole('heading', { name: 'Private deployment' })).toBeTruthy();
    expect(screen.getByText(/Contact our sales team or customer service/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it.each([
    [
      'the payment service is down',
      CheckoutErrors.providerUnavailable,
      'personal.oneYear',
      /^The payment service cannot be reached right now/,
    ],
    [
      'the buyer is in another company',
      CompanyErrors.otherCompany,
      'business.lifetime',
      /^You belong to another company's space/,
    ],
  ])('says why Pay opened nothing when %s', async (_, failure, item, text) => {
    const { api } = server('domestic');
    api.answer(createCheckoutRoute, failWith(failure));
    await renderBuy(`/buy?item=${item}`, 'domestic');
    fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
    expect(screen.queryByRole('heading', { name: 'Pay for your order' })).toBeNull();
  });

  it('keeps a payment still waiting on show when a new link arrives, and leaves a settled one for the new choice', async () => {
    const { latestStream } = server('domestic', () => ({
      item: 'ai.points1000',
      kind: 'ai_points',
      product: null,
      amount: 1000,
    }));
    await renderInLanguage(
      <>
        <NavLink to="/buy?kind=personal">personal</NavLink>
        <NavLink to="/buy?kind=template_credit">credit</NavLink>
        <BuyScreen />
      </>,
      { path: '/buy?kind=ai_points', build: { region: 'domestic' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay CN¥10.00' }));
    await screen.findByRole('heading', { name: 'Pay for your order' });
    fireEvent.click(screen.getByRole('link', { name: 'personal' }));
    expect(screen.getByRole('heading', { name: 'Pay for your order' })).toBeTruthy();

    latestStream().send(testCheckout({ state: 'fulfilled', item: 'ai.points1000', kind: 'ai_points', product: null }));
    await screen.findByRole('heading', { name: 'Payment complete' });
    fireEvent.click(screen.getByRole('link', { name: 'credit' }));
    expect(await screen.findByRole('tab', { name: 'Template credit', selected: true })).toBeTruthy();
  });

  it('takes the product from the build, and follows a new link while it stays open', async () => {
    server('domestic');
    await renderInLanguage(
      <>
        <NavLink to="/buy?kind=ai_unlimited">unlimited</NavLink>
        <BuyScreen />
      </>,
      { path: '/buy?kind=personal', build: { region: 'domestic', tend: 'mindmaster' } },
    );
    expect(((await screen.findByRole('radio', { name: 'Mind map' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'unlimited' }));
    expect(await screen.findByRole('tab', { name: 'Unlimited AI', selected: true })).toBeTruthy();
    expect(radio(/^Unlimited AI use for 30 days/).getAttribute('aria-checked')).toBe('true');
  });

  it('takes a held coupon off a plan it applies to, once the buyer ticks it', async () => {
    const { api } = server('domestic');
    api.answer(getCheckoutCatalogueRoute, {
      data: {
        ...testCatalogue('domestic'),
        coupon: {
          id: 3,
          type: 1,
          value: 5000,
          currency: 'CNY',
          min_spend: 20_000,
          product: 'mind',
          info: '¥50 off',
          exp: null,
        },
      },
    });
    await renderBuy('/buy?item=personal.oneYear', 'domestic');
    await screen.findByRole('tab', { name: 'Personal', selected: true });
    // A diagram plan: the mind-map coupon does not apply.
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Mind map' }));
    const coupon = screen.getByRole('checkbox', { name: 'Use my coupon: ¥50 off' });
    expect(screen.queryByText('Discount')).toBeNull();
    fireEvent.click(coupon);
    expect(screen.getByText('Discount')).toBeTruthy();
    expect(screen.getByText('−CN¥50.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥230.00' }));
    await waitFor(() => expect(api.callsTo(createCheckoutRoute)).toHaveLength(1));
    expect(api.callsTo(createCheckoutRoute)[0]?.body).toEqual({
      item: 'personal.oneYear',
      product: 'mind',
      method: 'wxpay',
      use_coupon: true,
    });
  });

  it('has the desktop client open the payment page in the system browser, with no sign-in ticket', async () => {
    const sent: { type: string; payload: unknown }[] = [];
    window.AccountCentreHost = { postMessage: (json: string) => void sent.push(JSON.parse(json)) };
    server('domestic');
    await renderBuy('/buy?item=personal.oneYear&from=maxPC', 'domestic', { hostMode: 'desktop', from: 'maxPC' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay CN¥280.00' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Open the payment page' }));
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'openOutsideUrl',
        payload: { url: 'http://account.example.cn/api/sandbox/pay/sandbox-1' },
      }),
    ]);
  });

  it('says so when the plans cannot be loaded', async () => {
    stubApi().answer(getCheckoutCatalogueRoute, failWith({ status: 500, code: 0, msg: 'boom' }));
    await renderBuy('/buy', 'domestic');
    expect((await screen.findByRole('alert')).textContent).toBe('The plans and prices could not be loaded.');
  });
});
