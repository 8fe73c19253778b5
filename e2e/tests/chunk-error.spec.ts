import { type TestUser, expect, overseasUrl, registerUser, signInAs, test } from '../fixtures.js';

let user: TestUser;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  user = await registerUser(request, { region: 'overseas' });
  await request.dispose();
});

test('a screen whose code is missing shows the chunk-load error, and reloading brings it back', async ({ page }) => {
  await signInAs(page, user);
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
