import {
  CheckoutErrors,
  CompanyErrors,
  type ErrorEntry,
  addCompanySeatsRoute,
  checkoutEventsRoute,
  getCheckoutCatalogueRoute,
  getCompaniesRoute,
  getCompanyPricesRoute,
  rechargeCompanyRoute,
} from '@account-centre/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, i18n } from '../../lib/i18n';
import { failWith, rawAnswer, stubApi } from '../../testing/api';
import { testCatalogue, testCheckout, testEventStream } from '../../testing/checkout';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import type { CheckoutCatalogue } from './api/get-catalogue';
import type { Company, CompanyPrices } from './api/get-company';
import { BuyScreen } from './BuyScreen';

signedInForEachTest(7);

const DAY = 24 * 60 * 60;
const YEAR = 365 * DAY;
const now = () => Math.floor(Date.now() / 1000);

/** A time-limited company of 10 seats, 3 taken, ending in 100 days, created by the caller. */
function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 12,
    company_name: 'Acme Design',
    used_num: 3,
    num: 10,
    created_at: now() - 200 * DAY,
    exp: now() + 100 * DAY,
    user_type: 2,
    type: 9,
    ...overrides,
  };
}

const prices: CompanyPrices = {
  currency: 'CNY',
  seat_price: 1000,
  seats_max: 990,
  time: [
    { item: 'business.oneYear', price: 380_000 },
    { item: 'business.twoYears', price: 580_000 },
    { item: 'business.threeYears', price: 780_000 },
  ],
};

/** The server of the company mode: the caller's companies, the company's prices, the two payments and the event stream. */
function server(companies: Company[], catalogue: CheckoutCatalogue = testCatalogue('domestic')) {
  const streams: ReturnType<typeof testEventStream>[] = [];
  const api = stubApi()
    .answer(getCompaniesRoute, { data: companies, count: companies.length })
    .answer(getCompanyPricesRoute, { data: prices })
    .answer(getCheckoutCatalogueRoute, { data: catalogue })
    .answer(rechargeCompanyRoute, ({ query }) => ({
      data: testCheckout({
        item: query.item as never,
        kind: 'business',
        product: null,
        quantity: 10,
        method: query.method as never,
        list_amount: 580_000,
        amount: 580_000,
      }),
    }))
    .answer(addCompanySeatsRoute, ({ query }) => ({
      data: testCheckout({
        item: 'business.oneYear',
        kind: 'business',
        product: null,
        quantity: Number(query.seats),
        list_amount: 1000 * Number(query.seats),
        amount: 1000 * Number(query.seats),
      }),
    }))
    .answer(checkoutEventsRoute, () => {
      const stream = testEventStream();
      streams.push(stream);
      return rawAnswer(stream.body, 'text/event-stream');
    });
  return { api, latestStream: () => streams.at(-1)! };
}

const renderBuy = (path: string) => renderInLanguage(<BuyScreen />, { path, build: { region: 'domestic' } });
const date = (seconds: number) => formatDate(seconds, 'long', 'en');
/** The company's part of the screen loads on demand, with the team screen's texts. */
const loaded = { timeout: 5000 };

describe('the purchase screen for a company', () => {
  it('adds a term to a time-limited company: the terms at their prices for all seats, the end each gives, then the payment by coop/recharge', async () => {
    const acme = company();
    const { api, latestStream } = server([acme]);
    const { queryClient } = await renderBuy('/buy?company=12&change=time&from=maxPC');

    const summary = await screen.findByRole('region', { name: 'Acme Design' }, loaded);
    expect(within(summary).getByText('3 of 10')).toBeTruthy();
    expect(within(summary).getByText('Time-limited')).toBeTruthy();
    expect(within(summary).getByText(date(acme.exp!))).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add time to your company' })).toBeTruthy();
    expect(api.callsTo(getCompanyPricesRoute).map((call) => call.query)).toEqual([{ cid: '12' }]);

    const oneYear = screen.getByRole('radio', { name: /^1 year/ });
    expect(oneYear.getAttribute('aria-checked')).toBe('true');
    expect(oneYear.textContent).toContain('CN¥3,800.00');
    expect(oneYear.textContent).toContain("For all the company's seats: 10");
    expect(oneYear.textContent).toContain(`New expiry date: ${date(acme.exp! + YEAR)}`);
    const twoYears = screen.getByRole('radio', { name: /^2 years/ });
    expect(twoYears.textContent).toContain('CN¥5,800.00');
    expect(twoYears.textContent).toContain(`New expiry date: ${date(acme.exp! + 2 * YEAR)}`);
    expect(screen.getByRole('radio', { name: /^3 years/ }).textContent).toContain('CN¥7,800.00');

    fireEvent.click(twoYears);
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByText('2 years more for Acme Design')).toBeTruthy();
    expect(within(order).getByText('CN¥5,800.00 × 1')).toBeTruthy();
    fireEvent.click(within(order).getByRole('radio', { name: 'Alipay' }));
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(within(order).getByRole('button', { name: 'Pay CN¥5,800.00' }));

    await screen.findByRole('heading', { name: 'Pay for your order' });
    const [recharge] = api.callsTo(rechargeCompanyRoute);
    expect(recharge?.query).toEqual({ cid: '12', item: 'business.twoYears', method: 'alipay' });
    expect(recharge?.body).toBeUndefined();
    expect(recharge?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The pay step every purchase has, naming what this one is for.
    expect(screen.getByRole('img', { name: /^QR code to pay/ })).toBeTruthy();
    expect(screen.getByText('2 years more for Acme Design')).toBeTruthy();

    latestStream().send(testCheckout({ state: 'fulfilled', kind: 'business', product: null, quantity: 10 }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your purchase has been added to your account: 2 years more for Acme Design.',
    );
    // Back to the enterprise page, the build's query kept and the purchase's choice left behind.
    expect(screen.getByRole('link', { name: 'Back to your company' }).getAttribute('href')).toBe('/team?from=maxPC');
    // The company's end, seats and orders are read again wherever they show (the team page's keys included).
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['user', 7] });
  });

  it('counts a term added to an expired company from today', async () => {
    const expired = company({ exp: now() - 30 * DAY });
    server([expired]);
    await renderBuy('/buy?company=12&change=time');
    const summary = await screen.findByRole('region', { name: 'Acme Design' }, loaded);
    expect(within(summary).getByText(`Expired on ${date(expired.exp!)}`)).toBeTruthy();
    const oneYear = screen.getByRole('radio', { name: /^1 year/ });
    const end = /New expiry date: (.+)$/.exec(within(oneYear).getByText(/^New expiry date/).textContent ?? '')?.[1];
    // Today plus a year (the day may turn while the test runs).
    expect([date(now() + YEAR), date(now() + YEAR - DAY)]).toContain(end);
  });

  it('adds seats until the company’s end: the price per seat, the seats within 1 and the limit, then coop/subscription', async () => {
    const acme = company();
    const { api } = server([acme]);
    await renderBuy('/buy?company=12&change=seats');
    expect(await screen.findByRole('heading', { name: 'Add seats to your company' }, loaded)).toBeTruthy();
    expect(screen.getByText(`CN¥10.00 per seat, until the company's expiry date, ${date(acme.exp!)}.`)).toBeTruthy();

    const seats = screen.getByRole('spinbutton', { name: 'Seats to add' }) as HTMLInputElement;
    expect(seats.value).toBe('1');
    expect(seats.getAttribute('min')).toBe('1');
    expect(seats.getAttribute('max')).toBe('990');
    const order = screen.getByRole('region', { name: 'Your order' });

    // Past the limit: said so at once, and the field is brought back within it on leaving.
    fireEvent.change(seats, { target: { value: '2000' } });
    expect(screen.getByText('Enter a whole number from 1 to 990.')).toBeTruthy();
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    expect(within(order).getByText('CN¥10.00 × 990')).toBeTruthy();
    fireEvent.blur(seats);
    expect(seats.value).toBe('990');
    expect(screen.queryByText('Enter a whole number from 1 to 990.')).toBeNull();

    // Below one: one seat.
    fireEvent.change(seats, { target: { value: '-3' } });
    expect(screen.getByText('Enter a whole number from 1 to 990.')).toBeTruthy();
    fireEvent.blur(seats);
    expect(seats.value).toBe('1');

    fireEvent.change(seats, { target: { value: '5' } });
    expect(within(order).getByText('More seats for Acme Design: 5')).toBeTruthy();
    expect(within(order).getByText('CN¥10.00 × 5')).toBeTruthy();
    expect(within(order).getAllByText('CN¥50.00')).toHaveLength(2);
    fireEvent.click(within(order).getByRole('button', { name: 'Pay CN¥50.00' }));
    await screen.findByRole('heading', { name: 'Pay for your order' });
    const [subscription] = api.callsTo(addCompanySeatsRoute);
    expect(subscription?.query).toEqual({ cid: '12', seats: '5', method: 'wxpay' });
    expect(subscription?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(api.callsTo(rechargeCompanyRoute)).toEqual([]);
  });

  it('sells seats of a lifelong company for its life', async () => {
    server([company({ type: 8, exp: null })]);
    await renderBuy('/buy?company=12&change=seats');
    const summary = await screen.findByRole('region', { name: 'Acme Design' }, loaded);
    expect(within(summary).getAllByText('Lifelong')).toHaveLength(2);
    expect(screen.getByText('CN¥10.00 per seat, for the life of the company.')).toBeTruthy();
  });

  it('takes a held mind-map coupon off the company’s term once ticked', async () => {
    const coupon = {
      id: 3,
      type: 1,
      value: 5000,
      currency: 'CNY',
      min_spend: 20_000,
      product: 'mind',
      info: '¥50 off',
      exp: null,
    } as const;
    const { api } = server([company()], { ...testCatalogue('domestic'), coupon });
    await renderBuy('/buy?company=12&change=time');
    const order = await screen.findByRole('region', { name: 'Your order' }, loaded);
    fireEvent.click(within(order).getByRole('checkbox', { name: 'Use my coupon: ¥50 off' }));
    expect(within(order).getByText('−CN¥50.00')).toBeTruthy();
    fireEvent.click(within(order).getByRole('button', { name: 'Pay CN¥3,750.00' }));
    await screen.findByRole('heading', { name: 'Pay for your order' });
    expect(api.callsTo(rechargeCompanyRoute)[0]?.query).toEqual({
      cid: '12',
      item: 'business.oneYear',
      method: 'wxpay',
      use_coupon: 'true',
    });
  });

  it('offers no diagram coupon for a company', async () => {
    server([company()], {
      ...testCatalogue('domestic'),
      coupon: { id: 3, type: 2, value: 10, currency: 'CNY', min_spend: 0, product: 'max', info: '10% off', exp: null },
    });
    await renderBuy('/buy?company=12&change=seats');
    await screen.findByRole('region', { name: 'Your order' }, loaded);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  /** The refusal's words: the text of its own entry of the error catalogue, not the generic one. */
  const textOf = (entry: ErrorEntry) => {
    expect(i18n.exists(entry.key)).toBe(true);
    return i18n.t(entry.key as never);
  };

  it.each([
    ['a company the caller is not in', '/buy?company=99&change=time', company(), CompanyErrors.companyNotFound],
    ['an address naming no company id', '/buy?company=acme&change=seats', company(), CompanyErrors.companyNotFound],
    ['an admin', '/buy?company=12&change=time', company({ user_type: 1 }), CompanyErrors.notAllowed],
    ['a plain member', '/buy?company=12&change=seats', company({ user_type: 0 }), CompanyErrors.notAllowed],
    [
      'time for a lifelong company',
      '/buy?company=12&change=time',
      company({ type: 8, exp: null }),
      CompanyErrors.lifelong,
    ],
    [
      'seats for an expired company',
      '/buy?company=12&change=seats',
      company({ exp: now() - DAY }),
      CompanyErrors.expired,
    ],
  ])('refuses %s, says why and leads back to the enterprise page', async (_, path, member, refusal) => {
    const { api } = server([member]);
    await renderBuy(`${path}&lang=en`);
    const alert = await screen.findByRole('alert', undefined, loaded);
    expect(alert.textContent).toBe(textOf(refusal));
    expect(alert.textContent).not.toBe(i18n.t('errors:generic'));
    expect(screen.getByRole('link', { name: 'Back to your company' }).getAttribute('href')).toBe('/team?lang=en');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    // Nothing is asked of what the caller may not buy.
    expect(api.callsTo(getCompanyPricesRoute)).toEqual([]);
  });

  it('says why when the server refuses the prices', async () => {
    const { api } = server([company()]);
    api.answer(getCompanyPricesRoute, failWith(CompanyErrors.notAllowed));
    await renderBuy('/buy?company=12&change=time');
    expect((await screen.findByRole('alert', undefined, loaded)).textContent).toBe(textOf(CompanyErrors.notAllowed));
    expect(screen.getByRole('link', { name: 'Back to your company' })).toBeTruthy();
  });

  it('says why Pay opened nothing, in the checkout’s words or the company’s', async () => {
    const { api } = server([company()]);
    api.answer(addCompanySeatsRoute, failWith(CheckoutErrors.providerUnavailable));
    await renderBuy('/buy?company=12&change=seats');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay CN¥10.00' }, loaded));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment service cannot be reached right now. Nothing was charged; please try again shortly.',
    );
    expect(screen.queryByRole('heading', { name: 'Pay for your order' })).toBeNull();

    api.answer(addCompanySeatsRoute, failWith(CompanyErrors.expired));
    fireEvent.click(screen.getByRole('button', { name: 'Pay CN¥10.00' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(textOf(CompanyErrors.expired)));
  });
});
