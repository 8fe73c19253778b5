import path from 'node:path';
import type { Page } from '@playwright/test';
import { type TestUser, expect, regionUrl, registerUser, runAdmin, signInAs, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts, PHONE, useScreen } from '../screens.js';

// Spec 01 §4: "Orders are not loaded for members of a company"; spec 02 §6 names the roles.

const ORDER_TEXTS = 'main h1, main h2, main h3, main button, main a, main [role="alert"]';
const COMPANY = 'Mind Works';

interface Company {
  creator: TestUser;
  admin: TestUser;
  members: Record<TestUser['region'], TestUser>;
}

/** A user of the region with the operator's demo orders and licences. */
async function buyer(request: Parameters<typeof registerUser>[0], region: TestUser['region']) {
  const user = await registerUser(request, { region });
  await runAdmin(['orders:demo', '--user', String(user.userId)]);
  return user;
}

/** The order API calls a page makes, by path: the history, receipts and recommendations. */
function purchaseRequests(page: Page, userId: number): string[] {
  const seen: string[] = [];
  const purchases = new RegExp(`^/api/user/${userId}/(order|invoice|recommendation)(/|$)`);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (purchases.test(pathname)) seen.push(pathname);
  });
  return seen;
}

async function openOrders(page: Page, user: TestUser) {
  await signInAs(page, user);
  await page.goto(regionUrl(user.region, '/order'));
  await expect(
    page.getByRole('region', { name: user.region === 'domestic' ? '我的授权' : 'My licences' }),
  ).toBeVisible();
}

let company: Company;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const [creator, admin, overseas, domestic] = await Promise.all([
    buyer(request, 'overseas'),
    buyer(request, 'overseas'),
    buyer(request, 'overseas'),
    registerUser(request, { region: 'domestic' }),
  ]);
  await request.dispose();
  const created = (await runAdmin([
    ...['company:create', '--name', COMPANY, '--owner', creator.email, '--seats', '5', '--lifelong'],
  ])) as { id: number };
  const id = String(created.id);
  await runAdmin(['company:add-member', '--company', id, '--user', admin.email, '--role', 'admin']);
  for (const member of [overseas, domestic])
    await runAdmin(['company:add-member', '--company', id, '--user', member.email]);
  company = { creator, admin, members: { overseas, domestic } };
});

test('a member sees who manages purchases, and no order is requested', async ({ page }) => {
  const member = company.members.overseas;
  const requested = purchaseRequests(page, member.userId);
  await openOrders(page, member);

  const notice = page.getByRole('region', { name: `Purchases are managed by ${COMPANY}` });
  await expect(notice).toContainText(`You are a member of ${COMPANY}.`);
  // What the member may use still shows; what was bought does not.
  await expect(page.getByRole('region', { name: 'My licences' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cloud storage' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order history' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recommended for you' })).toHaveCount(0);
  // Settled: nothing is still on its way that could ask for orders later.
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  await expectNothingClipped(page, ORDER_TEXTS);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, 'order-company-member-en-1440.png'), fullPage: true });
});

test('a member in the domestic build reads the notice in Chinese', async ({ page }) => {
  const member = company.members.domestic;
  const requested = purchaseRequests(page, member.userId);
  await openOrders(page, member);
  await expect(page.getByRole('region', { name: `你的购买由${COMPANY}管理` })).toBeVisible();
  await expect(page.getByRole('region', { name: '订单记录' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  await expectNothingClipped(page, ORDER_TEXTS);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, 'order-company-member-zh-1440.png'), fullPage: true });
});

for (const role of ['admin', 'creator'] as const) {
  test(`the company’s ${role} sees the orders as before`, async ({ page }) => {
    const user = company[role];
    const requested = purchaseRequests(page, user.userId);
    await openOrders(page, user);
    const history = page.getByRole('region', { name: 'Order history' });
    await expect(history.getByRole('row')).toHaveCount(4);
    await expect(page.getByText(/Purchases are managed by/)).toHaveCount(0);
    expect(requested).toContain(`/api/user/${user.userId}/order`);
  });
}

test.describe('390 px', () => {
  useScreen(PHONE);

  for (const region of ['overseas', 'domestic'] as const) {
    test(`the notice fits a phone (${region})`, async ({ page }) => {
      const member = company.members[region];
      await openOrders(page, member);
      const title = region === 'domestic' ? `你的购买由${COMPANY}管理` : `Purchases are managed by ${COMPANY}`;
      await expect(page.getByRole('region', { name: title })).toBeVisible();
      await expectNothingClipped(page, ORDER_TEXTS);
      await page.evaluate(() => window.scrollTo(0, 0));
      const language = region === 'domestic' ? 'zh' : 'en';
      await page.screenshot({ path: path.join(artifacts, `order-company-member-${language}-390.png`), fullPage: true });
    });
  }
});
