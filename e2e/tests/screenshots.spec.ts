import path from 'node:path';
import { type TestUser, domesticUrl, expect, registerUser, runAdmin, signInAs, test } from '../fixtures.js';
import { artifacts, SCREENS, useScreen } from '../screens.js';

const languages = ['zh', 'en', 'de', 'ru', 'jp'] as const;

let user: TestUser;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  // The domestic default build, and a team's entry: the longest menu.
  user = await registerUser(request, { region: 'domestic' });
  await request.dispose();
  const team = ['team:create', '--product', 'max', '--name', 'Diagram crew', '--members', '3'];
  await runAdmin([...team, '--owner', user.email]);
});

for (const screen of SCREENS) {
  const { width } = screen;
  test.describe(`${width} px`, () => {
    useScreen(screen);

    for (const language of languages) {
      test(`the shell in ${language} fits without clipped text`, async ({ page }) => {
        await signInAs(page, user);
        await page.goto(domesticUrl(`/account?lang=${language}`));
        const nav = page.getByRole('navigation').last();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(nav.getByRole('link').first()).toBeVisible();
        await expect(nav.locator('a[href^="/team"]')).toBeAttached();
        // Parts that load after the first paint (the personal details) are in place.
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);

        // Nothing wider than the window: no sideways scrolling of the page itself.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // Every menu label shows whole: none cut off inside its link.
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll('main ~ *, nav a, h1')]
            .filter((element) => element instanceof HTMLElement)
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.textContent),
        );
        expect(clipped).toEqual([]);

        await page.screenshot({
          path: path.join(artifacts, `shell-${language}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}
