import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import type { Region } from '@account-centre/contract';
import {
  type TestUser,
  createTicket,
  customParam,
  expect,
  harnessUrl,
  logIn,
  regionUrl,
  registerUser,
  runAdmin,
  signInAs,
  test,
} from '../fixtures.js';

// Spec 01 §2: a desktop client opens a screen with `to=<route>`. The screen must come up in its
// own words on the first load, in every region and host mode, never as raw text keys
// (`licences.title`) that only a reload would cure.

/** Every screen of the app (apps/web/src/app/screens/screens.ts). */
const routes = [
  'account',
  'property',
  'bind',
  'message',
  'order',
  'devices',
  'coupon',
  'course',
  'template',
  'aipoint',
  'license',
  'team',
  'buy',
] as const;

/** The build's language of each region, and the screens' headings in it (shell.json). */
const regionLanguage: Record<Region, string> = { domestic: 'zh', overseas: 'en' };
const headings = (language: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${language}/shell.json`, import.meta.url), 'utf8')) as {
      screens: Record<string, string>;
    }
  ).screens;

/** A text key as i18next shows it when its namespace is missing: `licences.title`, `actions.renew`. */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z0-9_]+)+$/;

/** Every text and accessible label of the page that reads like a raw key. */
function rawKeys(target: Page | Frame): Promise<string[]> {
  return target.evaluate((source) => {
    const pattern = new RegExp(source);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (pattern.test(text)) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value && pattern.test(value)) found.push(`${name}=${value}`);
      }
    }
    if (pattern.test(document.title)) found.push(`title=${document.title}`);
    return found;
  }, RAW_KEY.source);
}

const hostModes = ['browser', 'desktop', 'frame'] as const;

const owners = {} as Record<Region, TestUser>;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  for (const region of ['domestic', 'overseas'] as const) {
    owners[region] = await registerUser(request, { region });
    // The team screen is a team's: the owner of one opens it.
    await runAdmin([
      'team:create',
      '--product',
      'max',
      '--name',
      'Launch crew',
      '--owner',
      owners[region].email,
      '--members',
      '3',
    ]);
  }
  await request.dispose();
});

for (const region of ['domestic', 'overseas'] as const) {
  for (const hostMode of hostModes) {
    test(`\`to\` opens every screen translated on its first load: ${region}, ${hostMode}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const user = owners[region];
      const heading = headings(regionLanguage[region]);
      // A browser visit has its session already; the desktop client and the tablet frame hand
      // one over with a one-time ticket on each opening, as they do.
      if (hostMode === 'browser') await signInAs(page, user);
      const session = hostMode === 'browser' ? null : await logIn(request, user);

      for (const route of routes) {
        await test.step(route, async () => {
          let target: Page | Frame = page;
          if (hostMode === 'browser') {
            await page.goto(regionUrl(region, `/?to=${route}`));
          } else {
            const ticket = await createTicket(request, user, session!.token);
            const custom = encodeURIComponent(customParam({ user_id: user.userId, ticket }));
            const mode = hostMode === 'desktop' ? 'from=maxPC' : 'platform=tablet';
            const address = regionUrl(region, `/?to=${route}&${mode}&custom=${custom}`);
            if (hostMode === 'desktop') {
              await page.goto(address);
            } else {
              await page.goto(harnessUrl(address));
              const frame = page.mainFrame().childFrames()[0];
              if (!frame) throw new Error('the harness did not frame the app');
              target = frame;
            }
          }
          await expect(target.getByRole('heading', { level: 1, name: heading[route] })).toBeVisible();
          expect(new URL(target.url()).pathname).toBe(`/${route}`);
          // The screen's own sections have rendered with whatever their first answers were.
          await page.waitForLoadState('networkidle');
          expect(await rawKeys(target)).toEqual([]);
        });
      }
    });
  }
}

// The case of the report, word for word: the order screen's own texts (`licences.title`).
test('`to=order` from the desktop client shows the licences in their words', async ({ page, request }) => {
  const user = owners.overseas;
  const session = await logIn(request, user);
  const ticket = await createTicket(request, user, session.token);
  const custom = encodeURIComponent(customParam({ user_id: user.userId, ticket }));
  await page.goto(regionUrl('overseas', `/?to=order&from=maxPC&custom=${custom}`));
  await expect(page.getByRole('heading', { level: 2, name: 'My licences' })).toBeVisible();
});
