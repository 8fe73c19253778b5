import type { Page } from '@playwright/test';
import { domesticUrl, expect, overseasUrl, test, uniqueEmail } from '../fixtures.js';

async function pickLanguage(page: Page, current: RegExp, name: string) {
  await page.getByRole('banner').getByRole('button', { name: current }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

test('switching language changes the texts, <html lang> and the address, and survives a reload', async ({ page }) => {
  await page.goto(overseasUrl('/account?lang=en&tend=max'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await pickLanguage(page, /^Language: English$/, 'Deutsch');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Preise' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveURL(overseasUrl('/account?lang=de&tend=max'));

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();

  await pickLanguage(page, /^Sprache: Deutsch$/, '繁體中文');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  // Traditional Chinese uses the international header, not the China variant.
  await expect(page.getByRole('banner').getByRole('button', { name: '圖表' })).toBeVisible();
});

test('maps cn to zh and ko to kr, and falls back to the build’s language', async ({ page }) => {
  await page.goto(overseasUrl('/account?lang=ko'));
  await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  await page.goto(overseasUrl('/account?lang=xx'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await page.goto(domesticUrl('/account?lang=cn'));
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.goto(domesticUrl('/account'));
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
});

test('loads the texts of the language shown only', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const match = /locale-([a-z]{2})-/.exec(request.url());
    if (match?.[1]) loaded.push(match[1]);
  });
  await page.goto(overseasUrl('/account?lang=fr'));
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  expect(new Set(loaded)).toEqual(new Set(['fr']));
});

test('writes times the way each language does', async ({ page }) => {
  // A new address: codes go to any address, and this one has no recent code.
  const email = uniqueEmail('clock');
  await page.goto(overseasUrl('/account?lang=en'));
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Verification code' }).click();
  await main.getByRole('textbox', { name: 'Email address' }).fill(email);
  await main.getByRole('button', { name: 'Send code' }).click();
  const notice = main.getByRole('status');
  await expect(notice).toHaveText(
    new RegExp(
      `^We have sent a verification code to ${email.replace(/\./g, '\\.')}\\. It is valid until \\d{1,2}:\\d{2}\\s(AM|PM)\\.$`,
    ),
  );

  await pickLanguage(page, /^Language: English$/, 'Deutsch');
  await expect(notice).toHaveText(/Er ist bis ([01]?\d|2[0-3]):[0-5]\d gültig\.$/);

  await pickLanguage(page, /^Sprache: Deutsch$/, '한국어');
  await expect(notice).toHaveText(/(오전|오후) \d{1,2}:\d{2}까지 유효합니다\.$/);
});
