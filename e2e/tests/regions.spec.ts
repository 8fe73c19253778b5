import { domesticUrl, expect, overseasUrl, registeredBeforeAll, signInAndOpen, test } from '../fixtures.js';

test.describe('signed out', () => {
  test('the domestic host is the Chinese build, with sign-in over the shell', async ({ page }) => {
    await page.goto(domesticUrl('/'));
    await expect(page).toHaveURL(domesticUrl('/account'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // The sign-in dialog opens by itself, over the shell and its menu.
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '账号中心栏目' })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // A signed-out click on the menu brings sign-in back instead of opening the screen.
    await page.getByRole('navigation', { name: '账号中心栏目' }).getByRole('link', { name: '我的订单' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(page.url()).toBe(domesticUrl('/account'));
  });

  test('the overseas host is the English build, with a sign-in page', async ({ page }) => {
    await page.goto(overseasUrl('/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Account sections' })).toHaveCount(0);
  });
});

test.describe('signed in', () => {
  const users = registeredBeforeAll({ domestic: 'domestic', overseas: 'overseas' });

  test('each region shows its own build to its own users, in the browser with the header', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/account');
    await expect(page.getByRole('heading', { level: 1, name: '我的账号' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '账号中心栏目' }).getByRole('link')).toHaveCount(10);
    await expect(page).toHaveTitle('我的账号 - 账号中心');

    await signInAndOpen(page, users.overseas, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link')).toHaveCount(5);
    await expect(page).toHaveTitle('My account - Account Centre');
  });
});
