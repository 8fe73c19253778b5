import path from 'node:path';
import { expectAccessible } from '../accessibility.js';
import { domesticUrl, expect, overseasUrl, registeredBeforeAll, signInAndOpen, signInAs, test } from '../fixtures.js';
import { artifacts } from '../screens.js';

const users = registeredBeforeAll({ overseas: 'overseas' });

test('a screen whose code is missing shows the chunk-load error, and reloading brings it back', async ({ page }) => {
  await signInAs(page, users.overseas);
  // The order screen's file is gone from the server (a deploy replaced it).
  const missing = /\/assets\/screen-order-[^/]+\.js$/;
  await page.route(missing, (route) => route.fulfill({ status: 404, body: 'not found' }));

  await page.goto(overseasUrl('/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Orders' }).click();

  const failure = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(failure).toBeVisible();
  // The rest of the app goes on working.
  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(failure).toBeVisible();

  // The file is back: the reload button loads it.
  await page.unroute(missing);
  await failure.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect(page.url()).toBe(overseasUrl('/order'));
});

test.describe('an app whose entry script does not load', () => {
  // The first file of all is missing (a dropped connection, a build replaced under the page):
  // no script runs, and the page itself says so after a while.
  const entry = /\/assets\/index-[^/]+\.js$/;
  test.beforeEach(async ({ page }) => {
    await page.route(entry, (route) => route.fulfill({ status: 404, body: 'not found' }));
  });

  test('says so in the address’s language after ten seconds, and its link loads the page again', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/account?lang=ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const notice = page.getByRole('status');
    await expect(notice).toBeHidden();
    await page.waitForTimeout(3_000);
    await expect(notice.getByText('Страница загружается дольше обычного.')).toBeHidden();
    // Shown by the page's own style, with no script: it waits the full delay.
    await expect(notice.getByText('Страница загружается дольше обычного.')).toBeVisible({ timeout: 12_000 });
    await expect(notice.getByText(/This page is taking longer/)).toBeHidden();
    await expectAccessible(page, 'the notice of an app that did not start');
    await page.screenshot({ path: path.join(artifacts, 'boot-notice-ru-1440.png') });

    await page.unroute(entry);
    const reload = notice.getByRole('link', { name: 'Перезагрузить страницу' });
    await reload.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Мой аккаунт' })).toBeVisible();
    expect(page.url()).toBe(overseasUrl('/account?lang=ru'));
  });

  test('speaks the build’s language where the address names none', async ({ page }) => {
    await page.goto(domesticUrl('/account'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // Past the wait at once: the notice's delay is a CSS animation, finished here.
    await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => (animation as CSSAnimation).animationName === 'boot-late')
        .forEach((animation) => animation.finish()),
    );
    await expect(page.getByRole('status').getByText('页面加载时间比平常长。')).toBeVisible();
    await expect(page.getByRole('status').getByRole('link', { name: '重新加载' })).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'boot-notice-zh-1440.png') });
  });
});
