import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  type TestUser,
  expect,
  overseasUrl,
  registeredBeforeAll,
  registerUser,
  runAdmin,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectAccessible } from '../accessibility.js';
import { expectNothingClipped } from '../layout.js';
import { OVERSEAS_HOST, SERVER_ORIGIN } from '../ports.js';
import { artifacts, PHONE, useScreen } from '../screens.js';

const ORDER_TEXTS = 'main h1, main h2, main h3, main button, main a';

/** Gives a new user the operator's demo orders and licences in every state. */
async function giveDemoOrders(user: TestUser) {
  expect(await runAdmin(['orders:demo', '--user', String(user.userId)])).toMatchObject({ created: true });
}

/** A new overseas user whose diagram plan (product id 5371) renews itself, for 200 more days. */
async function overseasSubscriber(request: Parameters<typeof registerUser>[0]) {
  const subscriber = await registerUser(request, { region: 'overseas' });
  const until = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  await runAdmin([
    'subscription:grant',
    ...['--user', String(subscriber.userId), '--product', 'max', '--platforms', 'win,mac'],
    ...['--until', until, '--type', 'subs', '--product-id', '5371', '--renew', 'true'],
    ...['--name', 'Diagram yearly plan', '--order-type', '209', '--channel', 'online'],
  ]);
  return subscriber;
}

/**
 * Turns the history to another page and waits until its rows show it. The pager marks the new
 * page at once while the last page's rows stay, marked busy, until the answer comes: a row name
 * can be on two pages, and acting before then would act on the old page's row.
 */
async function turnToPage(history: Locator, pagerName: string, page: number) {
  const button = history
    .getByRole('navigation', { name: pagerName })
    .getByRole('button', { name: String(page), exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-current', 'page');
  await expect(history.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A whole-page picture from the top, so the sticky header sits where a reader sees it. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, name), fullPage: true });
}

test.describe('overseas', () => {
  const users = registeredBeforeAll({ overseas: 'overseas' }, giveDemoOrders);

  test('shows licences, pages the history and issues a receipt at once', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/order');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

    // Licence cards: the renewing diagram subscription (id 5371) can be cancelled here, the
    // app-store formula subscription is managed in the store instead.
    const licences = page.getByRole('region', { name: 'My licences' });
    await expect(licences.getByRole('article').first()).toBeVisible();
    await expect(licences.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(1);
    await expect(licences.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/account/subscriptions',
    );
    // Renewed at the store only: buying here while the store keeps renewing would charge twice.
    const storeCard = licences
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: 'Manage subscription' }) });
    await expect(storeCard.getByRole('link', { name: 'Renew' })).toHaveCount(0);
    // A licence whose every platform has expired says so.
    await expect(licences.getByRole('article').filter({ hasText: 'Expired' })).toHaveCount(1);
    await expect(licences.getByText('Forever').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team licences' }).getByRole('article').first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Cloud storage' })
        .getByText(/\d+\.\d\d MB of \d+\.\d\d MB/)
        .first(),
    ).toBeVisible();

    // History: three a page, with paging.
    const history = page.getByRole('region', { name: 'Order history' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(4);
    // Dates as English writes them, like every other date of the page (month/day/year).
    await expect(history.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
    await screenshot(page, 'order-overseas-en-1440.png');
    await expectNothingClipped(page, ORDER_TEXTS);

    // An unknown status says so, overseas.
    const unknown = history.getByText('Unknown', { exact: true }).first();
    await unknown.hover();
    await expect(page.getByRole('tooltip')).toHaveText('The status of this order is unknown. Please contact support.');

    await turnToPage(history, 'Order history pages', 3);
    // Named in the reader's language from its product and type, not the text it was stored with.
    const order = rows.filter({ hasText: 'Mind map · 2-year plan' });
    await expect(order).toHaveCount(1);

    // The receipt request: issued at once overseas, then downloaded as a real PDF.
    await order.getByRole('button', { name: 'Request receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a receipt' });
    await expect(dialog.getByLabel('E-mail address')).toHaveValue(users.overseas.email);
    await dialog.getByLabel('Name on the receipt').fill('Ada Lovelace');
    await page.screenshot({ path: path.join(artifacts, 'order-overseas-receipt-modal-1440.png') });
    await dialog.getByRole('button', { name: 'Request', exact: true }).click();
    await expect(dialog).toBeHidden();
    const download = order.getByRole('button', { name: 'Download receipt' });
    await expect(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A store-bought order says where its receipt comes from.
    await turnToPage(history, 'Order history pages', 2);
    await rows.filter({ hasText: 'Mind map · Lifetime plan' }).getByRole('button', { name: 'Request receipt' }).click();
    await expect(page.getByText(/Orders from an app store or paid by bank transfer/)).toBeVisible();
  });

  test('cancels a renewing subscription: the card and the server’s record both change', async ({ page }) => {
    const request = page.request;
    const subscriber = await overseasSubscriber(request);
    const session = await signInAs(page, subscriber);
    await page.goto(overseasUrl('/order'));

    const card = page
      .getByRole('region', { name: 'My licences' })
      .getByRole('article', { name: 'Diagram · 1-year plan' });
    await expect(card.getByText('Renews automatically')).toBeVisible();
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await expect(dialog).toContainText('Diagram · 1-year plan will no longer renew automatically.');
    await page.screenshot({ path: path.join(artifacts, 'order-overseas-cancel-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Automatic renewal is cancelled.')).toBeVisible();

    // The card now says so: no cancel, the renewal cancelled, renewing by hand offered again.
    const cancelled = async () => {
      await expect(card.getByText('Automatic renewal cancelled')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
      await expect(card.getByText('Renews automatically')).toHaveCount(0);
      await expect(card.getByRole('link', { name: 'Renew' })).toBeVisible();
    };
    await cancelled();
    await card.screenshot({ path: path.join(artifacts, 'order-overseas-cancelled-card-1440.png') });

    await page.reload();
    await cancelled();
    const answer = await request.get(`${SERVER_ORIGIN}/api/user/${subscriber.userId}/subscription/all`, {
      headers: { Host: OVERSEAS_HOST, Authorization: `Bearer ${session.token}` },
    });
    expect(answer.ok()).toBe(true);
    const records = ((await answer.json()) as { data: { product: string; have_renew: boolean; product_id: number }[] })
      .data;
    expect(records).toEqual([expect.objectContaining({ product: 'max', product_id: 5371, have_renew: false })]);
  });

  test('a cancel whose answer is lost says so in its dialog; pressed again, it hears the first answer', async ({
    page,
  }) => {
    const subscriber = await overseasSubscriber(page.request);
    await signInAs(page, subscriber);

    // The first request reaches the server and is carried out; its answer never reaches the page.
    // (It is sent from Node, which resolves no example host: to the server's address, by name.)
    // Checked in the test's own steps: a failed expectation inside a route handler would only
    // leave the request hanging.
    const keys: (string | undefined)[] = [];
    let lostAnswerStatus = 0;
    await page.route('**/subscription/scheme-cancel', async (route) => {
      const sent = route.request();
      keys.push(sent.headers()['idempotency-key']);
      if (keys.length > 1) return route.continue();
      const carriedOut = await route.fetch({
        url: SERVER_ORIGIN + new URL(sent.url()).pathname,
        headers: { ...sent.headers(), host: OVERSEAS_HOST },
      });
      lostAnswerStatus = carriedOut.status();
      await route.abort('connectionreset');
    });
    await page.goto(overseasUrl('/order'));
    const card = page
      .getByRole('region', { name: 'My licences' })
      .getByRole('article', { name: 'Diagram · 1-year plan' });
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

    await expect(dialog.getByRole('alert')).toHaveText(
      'We could not reach the server. Check your internet connection and try again.',
    );
    expect(lostAnswerStatus, 'the lost request was carried out').toBe(200);
    await expectAccessible(page, 'the cancel dialog after a lost answer');
    await page.screenshot({ path: path.join(artifacts, 'order-overseas-cancel-lost-answer-1440.png') });

    // Pressed again, from the keyboard: the same key, and the first answer (a success), not
    // "cancel unavailable" for a subscription that no longer renews.
    await dialog.getByRole('button', { name: 'Cancel subscription' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Automatic renewal is cancelled.')).toBeVisible();
    await expect(card.getByText('Automatic renewal cancelled')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test.describe('1024 px', () => {
    // A desktop client's window or a tablet in landscape: a desktop layout, too narrow for the
    // history's seven columns beside the menu.
    test.use({ viewport: { width: 1024, height: 768 } });

    test('pages the history as cards, every receipt action in view', async ({ page }) => {
      await signInAndOpen(page, users.overseas, '/order');
      const history = page.getByRole('region', { name: 'Order history' });
      await expect(history.getByRole('listitem')).toHaveCount(3);
      await expect(history.getByRole('table')).toHaveCount(0);
      // Still the desktop's pages (spec 01 §2: three a page), not the phone's "read more".
      await expect(history.getByRole('button', { name: 'Read more' })).toHaveCount(0);
      await turnToPage(history, 'Order history pages', 2);
      await expect(history.getByRole('listitem')).toHaveCount(3);

      for (const action of await history.getByRole('listitem').getByRole('button').all()) {
        const box = await action.boundingBox();
        expect(box, 'a receipt action laid out').not.toBeNull();
        expect(box!.x + box!.width, 'a receipt action inside the window').toBeLessThanOrEqual(1024);
      }
      await expectNothingClipped(page, ORDER_TEXTS);
      await expectAccessible(page, 'the order history at 1024 px');
      await screenshot(page, 'order-overseas-en-1024.png');
    });
  });

  test.describe('390 px', () => {
    useScreen(PHONE);

    test('lists orders as cards with read more', async ({ page }) => {
      await signInAndOpen(page, users.overseas, '/order');
      const history = page.getByRole('region', { name: 'Order history' });
      await expect(history.getByRole('listitem')).toHaveCount(3);
      await history.getByRole('button', { name: 'Read more' }).click();
      await expect(history.getByRole('listitem')).toHaveCount(6);
      await expectNothingClipped(page, ORDER_TEXTS);
      await history.screenshot({ path: path.join(artifacts, 'order-overseas-en-390-history.png') });
      await screenshot(page, 'order-overseas-en-390.png');
    });
  });
});

test.describe('domestic', () => {
  const users = registeredBeforeAll({ domestic: 'domestic' }, giveDemoOrders);

  test('a receipt request waits for the operator', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/order');
    await expect(page.getByRole('heading', { level: 2, name: '我的授权' })).toBeVisible();
    // Cancel is an overseas action (spec 01 §6).
    await expect(page.getByRole('button', { name: '取消订阅' })).toHaveCount(0);

    const history = page.getByRole('region', { name: '订单记录' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(4);
    await screenshot(page, 'order-domestic-zh-1440.png');
    await expectNothingClipped(page, ORDER_TEXTS);

    // Page 1 has a store-bought "图示 1 年版" (¥268.00) whose request is refused; the online one
    // (¥280.00) is on page 2. Under load the history was once seen back on page 1 after the turn
    // (cause not found): the turn and the opening are tried again until the dialog opens.
    const order = rows.filter({ hasText: '图示 1 年版' }).filter({ hasText: '¥280.00' });
    const dialog = page.getByRole('dialog', { name: '申请发票' });
    await expect(async () => {
      await turnToPage(history, '订单记录分页', 2);
      await order.getByRole('button', { name: '申请发票' }).click({ timeout: 5_000 });
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByLabel('发票抬头').fill('张三');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(dialog).toBeHidden();
    await expect(order.getByRole('button', { name: /开票中/ })).toBeDisabled();
  });

  test.describe('390 px', () => {
    useScreen(PHONE);

    test('fits a phone', async ({ page }) => {
      await signInAndOpen(page, users.domestic, '/order');
      const history = page.getByRole('region', { name: '订单记录' });
      await expect(history.getByRole('listitem')).toHaveCount(3);
      await expectNothingClipped(page, ORDER_TEXTS);
      await screenshot(page, 'order-domestic-zh-390.png');
    });
  });
});
