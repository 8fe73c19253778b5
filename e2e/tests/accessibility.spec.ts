import type { Region } from '@account-centre/contract';
import { expectAccessible } from '../accessibility.js';
import { expect, regionUrl, registerUser, signInAs, test } from '../fixtures.js';

/**
 * Every built screen of both regions, signed in and signed out, wide and on a phone's width:
 * axe-core finds no serious or critical violation (colour contrast included).
 */
const screens: Record<Region, string[]> = {
  domestic: ['account', 'order', 'devices', 'property', 'bind', 'message', 'coupon', 'template', 'aipoint', 'course'],
  overseas: ['account', 'order', 'license', 'devices', 'aipoint'],
};

for (const region of ['domestic', 'overseas'] as const) {
  for (const width of [1440, 390]) {
    test.describe(`${region}, ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the sign-in screen', async ({ page }) => {
        await page.goto(regionUrl(region, '/account?lang=en'));
        // A page overseas, an overlay in the domestic build: either way the sign-in form shows.
        await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
        // With the third-party sign-in the e2e server configures (WeChat domestic, Google overseas).
        const provider = region === 'domestic' ? 'WeChat' : 'Google';
        await expect(page.getByRole('button', { name: `Sign in with ${provider}` })).toBeVisible();
        await expectAccessible(page, `${region} sign-in at ${width} px`);
      });

      test('every screen of the menu, signed in', async ({ page, request }) => {
        test.setTimeout(120_000);
        const user = await registerUser(request, { region });
        await signInAs(page, user);
        for (const screen of screens[region]) {
          await page.goto(regionUrl(region, `/${screen}?lang=en`));
          await expect(page.getByRole('main')).toBeVisible();
          // Settled: no loader left in the content area.
          await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0);
          await expectAccessible(page, `${region} /${screen} at ${width} px`);
        }
        if (width < 1024) {
          // The header's links behind the burger, in the drawer.
          await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          // expectAccessible measures once the drawer has finished sliding in (its text fades in with it).
          await expectAccessible(page, `${region} navigation drawer at ${width} px`);
        }
      });
    });
  }
}
