import { collectErrors, expect, test } from '../fixtures.js';
import { LOCALHOST_ORIGIN } from '../ports.js';

// On localhost, a trustworthy origin like the https production hosts: Chromium would log
// that it ignores the Cross-Origin-Opener-Policy header on the plain-http test host names.
test('the served app opens in Chromium, without console errors', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${LOCALHOST_ORIGIN}/`);
  await expect(page).toHaveURL(`${LOCALHOST_ORIGIN}/account`);
  await expect(page).toHaveTitle(/Account Centre/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(errors).toEqual([]);
});
