import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import { recordHostMessages, urlsOpenedOutside } from '../desktop-host.js';
import {
  type TestUser,
  expect,
  regionUrl,
  registerUser,
  runAdmin,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { payInSecondTab, payUrlOf } from '../payments.js';
import { artifacts } from '../screens.js';

// Issue 17: the purchase screen, paid through the sandbox provider's page in a second tab, the
// outcome pushed by the server (or polled when the stream is blocked), a closed checkout, a bank
// transfer confirmed by the operator; domestic and overseas; 1440 and 390 px.

const TEXTS = 'main h1, main h2, main h3, main label, main button, main p';

/** The out_trade_no the pay step shows. */
async function orderNumberOf(page: Page): Promise<string> {
  const text =
    (await page
      .getByRole('main')
      .getByText(/Order number: \d{20}/)
      .textContent()) ?? '';
  return /(\d{20})/.exec(text)?.[1] as string;
}

const balanceOf = (page: Page) => page.getByRole('main');

test.describe('domestic build', () => {
  let user: TestUser;
  test.beforeEach(async ({ request }) => {
    user = await registerUser(request, { region: 'domestic' });
  });

  test('buys a personal plan by scanning, paid in a second tab, the success pushed without reload', async ({
    page,
  }) => {
    await signInAndOpen(page, user, '/buy?item=personal.oneYear&product=max&lang=en');
    const main = page.getByRole('main');
    await expect(main.getByRole('radio', { name: /1-year plan/ })).toBeChecked();
    await expect(main.getByText(/¥280\.00/).first()).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-domestic-en-1440.png'), fullPage: true });
    await expectNothingClipped(page, TEXTS);
    await expectAccessible(page, 'domestic /buy');

    await main.getByRole('button', { name: /^Pay (CN)?¥280\.00$/ }).click();
    await expect(main.getByRole('img', { name: /QR code to pay (CN)?¥280\.00 with WeChat Pay/ })).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-pay-domestic-en-1440.png'), fullPage: true });
    await expectAccessible(page, 'domestic /buy pay step');
    const payUrl = await payUrlOf(page, /Open the payment page/);

    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    await payInSecondTab(page, payUrl);
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(loads).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'checkout-paid-domestic-en-1440.png'), fullPage: true });
    await expectAccessible(page, 'domestic /buy paid');

    // What it bought: the licence, the plan's AI points and its template coupons.
    await page.goto(regionUrl('domestic', '/aipoint?lang=en'));
    await expect(balanceOf(page).getByText('6,666').first()).toBeVisible();
    await page.goto(regionUrl('domestic', '/template?lang=en'));
    await expect(
      balanceOf(page)
        .getByText(/¥20\.00/)
        .first(),
    ).toBeVisible();
    await page.goto(regionUrl('domestic', '/order?lang=en'));
    await expect(
      balanceOf(page)
        .getByText(/¥280\.00/)
        .first(),
    ).toBeVisible();
  });

  test('falls back to the poll when the event stream is blocked', async ({ page }) => {
    await signInAs(page, user);
    await page.route('**/pay/checkout/*/events', (route) => route.abort());
    await page.goto(regionUrl('domestic', '/buy?item=ai.points1000&lang=en'));
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Alipay' }).check();
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/coop/poll?out_trade_no=')) polls.push(request.url());
    });
    await main.getByRole('button', { name: /^Pay (CN)?¥10\.00$/ }).click();
    await expect(main.getByRole('img', { name: /with Alipay/ })).toBeVisible();
    await payInSecondTab(page, await payUrlOf(page, /Open the payment page/));
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(polls.length).toBeGreaterThan(0);
  });

  test('a checkout that closes unpaid says so and starts again', async ({ page }) => {
    await signInAndOpen(page, user, '/buy?item=ai.unlimitedMonth&lang=en');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /^Pay (CN)?¥68\.00$/ }).click();
    const number = await orderNumberOf(page);
    // Its time runs out: the sweep closes it as the operator's close does now.
    expect(await runAdmin(['pay:close', '--order', number])).toEqual({ out_trade_no: number, state: 'closed' });
    await expect(main.getByRole('heading', { name: 'This payment has closed' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'domestic /buy closed');
    await main.getByRole('button', { name: 'Start again' }).click();
    await expect(main.getByRole('img', { name: /QR code to pay (CN)?¥68\.00/ })).toBeVisible();
    expect(await orderNumberOf(page)).not.toBe(number);
  });

  test('a bank transfer waits for the operator to confirm it', async ({ page }) => {
    await signInAndOpen(page, user, '/buy?item=template.credit30&lang=en');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Bank transfer' }).check();
    await main.getByRole('button', { name: /^Pay (CN)?¥30\.00$/ }).click();
    await expect(main.getByRole('heading', { name: 'Bank transfer details' })).toBeVisible();
    const number = await orderNumberOf(page);
    await expect(main.getByText(number).nth(1)).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-bank-domestic-en-1440.png'), fullPage: true });
    await expectAccessible(page, 'domestic /buy bank transfer');
    expect(
      await runAdmin(['pay:confirm', '--order', number, '--amount', '3000', '--reference', 'E2E-TRANSFER']),
    ).toEqual({
      out_trade_no: number,
      outcome: 'fulfilled',
    });
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
    await page.goto(regionUrl('domestic', '/template?lang=en'));
    await expect(
      balanceOf(page)
        .getByText(/¥30\.00/)
        .first(),
    ).toBeVisible();
  });

  test('in the desktop client, the payment page opens outside and the success still arrives in place', async ({
    page,
  }) => {
    await recordHostMessages(page);
    await signInAndOpen(page, user, '/buy?item=ai.points5000&lang=en&from=maxPC');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /^Pay (CN)?¥45\.00$/ }).click();
    await main.getByRole('link', { name: /Open the payment page/ }).click();
    await expect
      .poll(() => urlsOpenedOutside(page))
      .toEqual([expect.stringMatching(/\/api\/sandbox\/pay\/[\w-]{43}$/)]);
    const [payUrl] = (await urlsOpenedOutside(page)) as string[];
    // The client stays on the purchase screen: nothing navigated it away.
    await expect(main.getByRole('img', { name: /QR code to pay/ })).toBeVisible();
    await payInSecondTab(page, payUrl as string);
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await expectAccessible(page, 'desktop client /buy paid');
  });

  test('a payment the operator refunds reads as refunded in the order history, with no receipt to ask for', async ({
    page,
  }) => {
    await signInAndOpen(page, user, '/buy?item=ai.points5000&lang=en');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /^Pay (CN)?¥45\.00$/ }).click();
    const number = await orderNumberOf(page);
    await payInSecondTab(page, await payUrlOf(page, /Open the payment page/));
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(await runAdmin(['pay:refund', '--order', number, '--reason', 'asked for by the buyer'])).toMatchObject({
      out_trade_no: number,
    });

    await page.goto(regionUrl('domestic', '/order?lang=en'));
    const row = main.getByRole('row').filter({ hasText: number });
    await expect(row.getByText('Refunded')).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'order-refunded-en-1440.png'), fullPage: true });
    await row.getByRole('button', { name: 'Request receipt' }).click();
    await expect(page.getByText('This order was refunded, so there is nothing to invoice.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page, 'a refunded order in the history');
  });

  test('in Chinese at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAndOpen(page, user, '/buy?item=personal.lifetime&product=mind&lang=zh');
    const main = page.getByRole('main');
    await expect(main.getByText('¥780.00').first()).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-domestic-zh-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNothingClipped(page, TEXTS);
    await expectAccessible(page, 'domestic /buy zh 390');
    await main.getByRole('button', { name: /¥780\.00/ }).click();
    await expect(main.getByRole('img', { name: /¥780\.00/ })).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-pay-domestic-zh-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'domestic /buy pay step zh 390');
  });
});

test.describe('overseas build', () => {
  test('pays by card on the hosted page and sees the success pushed', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await signInAs(page, user, regionUrl('overseas', '/'));
    await page.goto(regionUrl('overseas', '/buy?item=personal.continuousYearly&product=mind&lang=en'));
    const main = page.getByRole('main');
    await expect(main.getByText('$59.00').first()).toBeVisible();
    // No QR methods and no template credit abroad.
    await expect(main.getByRole('radio', { name: 'WeChat Pay' })).toHaveCount(0);
    await expect(main.getByRole('tab', { name: 'Template credit' })).toHaveCount(0);
    await page.screenshot({ path: path.join(artifacts, 'checkout-overseas-en-1440.png'), fullPage: true });
    await expectAccessible(page, 'overseas /buy');
    await main.getByRole('button', { name: /^Pay \$59\.00$/ }).click();
    await payInSecondTab(page, await payUrlOf(page, /Pay by card/));
    await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

    // The continuous plan renews itself and may be cancelled here (spec 01 §6).
    await page.goto(regionUrl('overseas', '/order?lang=en'));
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /Cancel subscription/ })
        .first(),
    ).toBeVisible();
  });

  test('says before payment what a plan does to what is held: the subscription kept or ended, a lifetime licence not sold twice and never renewed', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await signInAs(page, user, regionUrl('overseas', '/'));
    const main = page.getByRole('main');
    const order = main.getByRole('region', { name: 'Your order' });
    const pay = async (amount: string) => {
      await order.getByRole('button', { name: `Pay ${amount}` }).click();
      await payInSecondTab(page, await payUrlOf(page, /Pay by card/));
      await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    };
    await page.goto(regionUrl('overseas', '/buy?item=personal.continuousYearly&product=max&lang=en'));
    await pay('$59.00');

    // A 1-year plan leaves the subscription renewing; a lifetime plan ends it: both said before Pay.
    await page.goto(regionUrl('overseas', '/buy?item=personal.oneYear&product=max&lang=en'));
    await expect(order.getByRole('status')).toHaveText(
      /^Your Diagram subscription \(Yearly plan\) keeps renewing itself/,
    );
    await expectAccessible(page, 'overseas /buy, a plan over a subscription');
    await main.getByRole('radio', { name: /^Lifetime plan/ }).click();
    await expect(order.getByRole('status')).toHaveText(/stops renewing itself when this payment arrives/);
    await page.screenshot({ path: path.join(artifacts, 'checkout-ends-renewal-overseas-en-1440.png'), fullPage: true });
    await pay('$199.00');

    // Held for ever now: no Renew and no renewal on the licence, and no plan of it is sold again.
    await page.goto(regionUrl('overseas', '/order?lang=en'));
    const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: /Diagram/ }) });
    await expect(card.getByText('Forever').first()).toBeVisible();
    await expect(card.getByRole('link', { name: 'Renew' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Cancel subscription/ })).toHaveCount(0);
    await page.goto(regionUrl('overseas', '/buy?item=personal.lifetime&product=max&lang=en'));
    await expect(order.getByRole('status')).toHaveText(
      'You already hold Diagram for ever on every platform, so a plan would add nothing. There is nothing to pay for.',
    );
    await expect(order.getByRole('button', { name: 'Nothing to pay for' })).toBeDisabled();
    await page.screenshot({ path: path.join(artifacts, 'checkout-owned-overseas-en-1440.png'), fullPage: true });
    await expectNothingClipped(page, TEXTS);
    await expectAccessible(page, 'overseas /buy, a plan held for ever');
  });

  test('at 390 px in German', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerUser(request, { region: 'overseas' });
    await signInAs(page, user, regionUrl('overseas', '/'));
    await page.goto(regionUrl('overseas', '/buy?item=business.oneYear&lang=de'));
    await expect(page.getByRole('main').getByText(/59,00/).first()).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'checkout-overseas-de-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNothingClipped(page, TEXTS);
    await expectAccessible(page, 'overseas /buy de 390');
  });
});
