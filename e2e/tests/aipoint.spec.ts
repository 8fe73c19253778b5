import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import { recordHostMessages, urlsOpenedOutside } from '../desktop-host.js';
import { type TestUser, expect, regionUrl, registerUser, runAdmin, serviceCall, signInAs, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "AI points screen", §3 AI points, §7 getAIPointLeftV2, getAIPointList,
// getAIPointGetList, §9 page sizes; issue 13 (the usage chart).

const TEXTS = 'main h1, main h2, main a, main button, main th, main td, main li';
const DAY = 86_400;

async function grantPoints(user: TestUser, amount: number, method: string, expiresInDays?: number) {
  const expires =
    expiresInDays === undefined ? [] : ['--expires', String(Math.floor(Date.now() / 1000) + expiresInDays * DAY)];
  await runAdmin([
    'points:grant',
    '--user',
    String(user.userId),
    '--amount',
    String(amount),
    '--reason',
    'e2e',
    '--method',
    method,
    ...expires,
  ]);
}

/** The products spend points as their servers would: `uses` of [product, feature code, points]. */
async function spend(
  request: APIRequestContext,
  user: TestUser,
  uses: [product: 'max' | 'mind', feature: number, points: number][],
) {
  for (const [product, feature_code, points] of uses) {
    await serviceCall(request, 'products', '/api/internal/points/consume', {
      user_id: user.userId,
      product,
      feature_code,
      points,
    });
  }
}

/** 13 uses: mind-map features 1–11 (1 point each, then 2…), a flowchart analysis and a poster. */
const thirteenUses: [product: 'max' | 'mind', feature: number, points: number][] = [
  ...Array.from({ length: 11 }, (_, i) => ['mind', i + 1, i + 1] as ['mind', number, number]),
  ['max', 1003, 20],
  ['max', 1045, 30],
];

async function openAiPoints(page: Page, region: 'domestic' | 'overseas', query: string) {
  await page.goto(regionUrl(region, `/aipoint?${query}`));
  await expect(page.getByRole('main').getByTestId('ai-balance')).toBeVisible();
}

test('the balance, what expires, unlimited use, the chart and both histories, domestic', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await grantPoints(user, 1000, 'Buy_AI_Group', 5);
  await grantPoints(user, 500, 'Membership_Bonus');
  await spend(request, user, thirteenUses);
  await signInAs(page, user);
  await openAiPoints(page, 'domestic', 'lang=en');
  const main = page.getByRole('main');

  // 1500 − (1 + 2 + … + 11) − 20 − 30 = 1384; the bought points, expiring first, were spent first.
  await expect(main.getByTestId('ai-balance')).toHaveText('1,384');
  await expect(main.getByTestId('ai-unlimited-days')).toHaveText('/');
  await expect(main.getByRole('link', { name: 'Buy AI points' })).toBeVisible();
  await main.getByRole('button', { name: 'When points expire' }).click();
  const expiring = page.getByRole('dialog');
  await expect(expiring.getByRole('row')).toHaveCount(2);
  await expect(expiring.getByRole('row').nth(1)).toContainText('884');
  await page.keyboard.press('Escape');

  // The chart: today's bar, and its figures as a table.
  await expect(main.getByText('116 points used in the last 30 days, at most 116 on one day.')).toBeVisible();
  await expect(main.getByRole('img', { name: /116 points used/ })).toBeVisible();
  await main.getByRole('button', { name: 'Show the figures as a table' }).click();
  const figures = main.getByRole('table', { name: 'Points used in the last 30 days' });
  await expect(figures.getByRole('row').nth(1)).toContainText(/66\s*50\s*116/);
  // The control's label, as a pointer picks it (its radio input is visually hidden).
  await main.getByText('By feature', { exact: true }).click();
  await expect(main.getByRole('radio', { name: 'By feature' })).toBeChecked();
  await expect(figures.getByRole('row').first()).toContainText('Poster (SVG)');
  await expect(figures.getByRole('row').first()).toContainText('Other features');

  // Usage history: newest first, by feature name, 10 a page, then 20.
  const usage = main.getByRole('table', { name: 'Usage history' });
  await expect(usage.getByRole('row')).toHaveCount(11);
  await expect(usage.getByRole('row').nth(1)).toContainText('Poster (SVG)');
  await expect(usage.getByRole('row').nth(1)).toContainText('Diagram');
  await expect(usage.getByRole('row').nth(2)).toContainText('Flowchart analysis');
  await expect(usage.getByRole('row').nth(3)).toContainText('Generate questions');
  await expect(usage.getByRole('row').nth(3)).toContainText('Mind map');
  await page.screenshot({ path: path.join(artifacts, 'aipoint-domestic-en-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /aipoint');

  await main.getByRole('button', { name: '2', exact: true }).click();
  await expect(usage.getByRole('row')).toHaveCount(4);
  await expect(usage.getByRole('row').nth(3)).toContainText('AI painting');
  await main.getByLabel('Rows per page').selectOption('20');
  await expect(usage.getByRole('row')).toHaveCount(14);

  await main.getByRole('tab', { name: 'Acquisition history' }).click();
  const acquired = main.getByRole('table', { name: 'Acquisition history' });
  await expect(acquired.getByRole('row')).toHaveCount(3);
  await expect(acquired.getByRole('row').nth(1)).toContainText('Membership bonus');
  await expect(acquired.getByRole('row').nth(1)).toContainText('Never');
  await expect(acquired.getByRole('row').nth(2)).toContainText('AI package');
  await expect(acquired.getByRole('row').nth(2)).toContainText('884');

  // Simplified Chinese, as the domestic build opens by default.
  await openAiPoints(page, 'domestic', '');
  await expect(main.getByRole('table').first()).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'aipoint-domestic-zh-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
});

test('unlimited use: days left, uses recorded without touching the balance; no buy button overseas', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'overseas' });
  await grantPoints(user, 300, 'New_User_Reward');
  await runAdmin(['points:unlimited', '--user', String(user.userId), '--days', '7']);
  await spend(request, user, [['max', 1021, 40]]);
  await signInAs(page, user);
  await openAiPoints(page, 'overseas', 'lang=en');
  const main = page.getByRole('main');
  await expect(main.getByTestId('ai-balance')).toHaveText('300');
  await expect(main.getByTestId('ai-unlimited-days')).toHaveText(/^[78]$/);
  await expect(main.getByText(/^Unlimited use until /)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Buy AI points' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Top up points' })).toBeVisible();
  const first = main.getByRole('table', { name: 'Usage history' }).getByRole('row').nth(1);
  await expect(first).toContainText('Bar chart');
  await expect(first).toContainText('Unlimited use');
  await expect(first).toContainText('300');
  await expectAccessible(page, 'overseas /aipoint');

  await openAiPoints(page, 'overseas', 'lang=de');
  await expect(main.getByRole('table').first()).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'aipoint-overseas-de-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
});

test('in the desktop client, the ways to get points open through the host', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await recordHostMessages(page);
  await signInAs(page, user);
  await openAiPoints(page, 'domestic', 'lang=en&from=maxPC');
  await page.getByRole('main').getByRole('link', { name: 'Earn free points' }).click();
  await expect.poll(() => urlsOpenedOutside(page)).toEqual([expect.stringContaining('/ai-points/earn')]);
  await expect(page.getByRole('main').getByText('You have not used any AI points yet.')).toBeVisible();
  await expect(page.getByRole('main').getByText('You have used no points in the last 30 days.')).toBeVisible();
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits a phone: the chart, and each use as a card', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await grantPoints(user, 2000, 'Activity', 3);
    await spend(request, user, thirteenUses);
    await signInAs(page, user);
    for (const language of ['en', 'jp']) {
      await openAiPoints(page, 'domestic', `lang=${language}`);
      const main = page.getByRole('main');
      await expect(main.locator('svg[role="img"]')).toBeVisible();
      await expect(main.getByRole('list', { name: language === 'en' ? 'Usage history' : /.+/ }).last()).toBeVisible();
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `aipoint-domestic-${language}-390.png`), fullPage: true });
    }
    await expectAccessible(page, '/aipoint at 390 px');
  });
});
