import path from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { type SignInResult, type TestUser, createUser, expect, signInAs, test } from '../fixtures.js';
import { OAUTH_PUBLIC_ORIGINS } from '../global-setup.js';
import { expectNothingClipped } from '../layout.js';
import { codeFor } from '../outbox.js';
import { DOMESTIC_HOST, SERVER_ORIGIN } from '../ports.js';
import { artifacts, PHONE, useScreen } from '../screens.js';

/**
 * Third-party sign-in on the account screen, against the real OpenID provider global-setup.ts
 * starts (WeChat domestic and Google overseas are both served by it). The pages run on the
 * `*.localhost` public addresses the server's OAuth configuration names, so a flow's cookie,
 * its callback and the popup's message share one origin.
 */

/** Signs `page` in as `user` on the region's OAuth public address and opens the account screen. */
async function openAccount(page: Page, user: TestUser, query = 'lang=en'): Promise<SignInResult> {
  const origin = OAUTH_PUBLIC_ORIGINS[user.region];
  const session = await signInAs(page, user, origin);
  await page.goto(`${origin}/account?${query}`);
  await expect(page.getByRole('main').getByTestId('user-id')).toHaveText(String(user.userId));
  return session;
}

/** The provider's pages load a web font from the internet, which this machine has not. */
async function offline(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|[^/]*\.localhost)/, (route) => route.abort());
}

/** Signs in at the test provider as `login` and accepts its consent page (a fresh browser asks both). */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The callback page closes its popup; it may be gone before a listener could be added. */
async function expectClosed(popup: Page) {
  await expect.poll(() => popup.isClosed()).toBe(true);
}

/** Clicks `button` and drives the popup it opens through the provider; waits for it to close. */
async function completeInPopup(page: Page, button: Locator, login: string) {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  await signInAtProvider(popup, login);
  await expectClosed(popup);
}

const row = (page: Page, name: string) => page.getByRole('main').getByRole('listitem', { name });
const uniqueLogin = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The third-party identities of an account, as the API reports them. */
async function identitiesOf(request: APIRequestContext, user: TestUser, token: string) {
  const response = await request.get(`${SERVER_ORIGIN}/api/user/${user.userId}/identity`, {
    headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { provider: string }[] }).data.map((identity) => identity.provider);
}

test.describe('third-party sign-in methods', () => {
  test.beforeEach(async ({ context }) => offline(context));

  test('WeChat is linked in a popup through the provider’s own pages, then unlinked', async ({ page, request }) => {
    const user = await createUser('domestic', { label: 'identity' });
    const session = await openAccount(page, user);
    const wechat = row(page, 'WeChat account');
    await expect(wechat.getByText('Not linked')).toBeVisible();

    await completeInPopup(page, wechat.getByRole('button', { name: 'Link' }), uniqueLogin('wx'));
    await expect(page.getByText('Linked successfully')).toBeVisible();
    await expect(wechat.getByText('Linked', { exact: true })).toBeVisible();
    expect(await identitiesOf(request, user, session.token)).toEqual(['weixin']);
    await page.mouse.move(0, 0);
    await wechat.screenshot({
      path: path.join(artifacts, 'account-identity-linked-en-1440.png'),
      animations: 'disabled',
    });

    // The e-mail remains, so WeChat may go: after a confirmation.
    await wechat.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink this sign-in method?' });
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText('WeChat unlinked')).toBeVisible();
    await expect(wechat.getByText('Not linked')).toBeVisible();
    expect(await identitiesOf(request, user, session.token)).toEqual([]);
  });

  test('the only sign-in method left cannot be unlinked', async ({ page, request }) => {
    const user = await createUser('domestic', { label: 'identity' });
    const session = await openAccount(page, user);
    const wechat = row(page, 'WeChat account');
    await completeInPopup(page, wechat.getByRole('button', { name: 'Link' }), uniqueLogin('only'));
    await expect(wechat.getByText('Linked', { exact: true })).toBeVisible();

    // Unlink the e-mail through the API (allowed: WeChat remains), so WeChat is all that is left.
    const headers = { Host: DOMESTIC_HOST, Authorization: `Bearer ${session.token}` };
    await request.post(`${SERVER_ORIGIN}/api/auth/code`, { headers, data: { purpose: 3, email: user.email } });
    const code = await codeFor(request, 'domestic', user.email);
    const unbound = await request.post(`${SERVER_ORIGIN}/api/user/${user.userId}/email/unbind`, {
      headers,
      data: { code },
    });
    expect(unbound.status()).toBe(200);
    await page.reload();

    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await row(page, 'WeChat account').getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText('Only one sign-in method is left; it cannot be unlinked')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(deletes).toEqual([]);
    expect(await identitiesOf(request, user, session.token)).toEqual(['weixin']);
  });

  test('Google is linked on the overseas host, whose own callback the provider returns to', async ({ page }) => {
    const user = await createUser('overseas', { label: 'identity' });
    await openAccount(page, user);
    await expect(row(page, 'WeChat account')).toHaveCount(0);
    const google = row(page, 'Google account');
    await completeInPopup(page, google.getByRole('button', { name: 'Link' }), uniqueLogin('g'));
    await expect(google.getByText('Linked', { exact: true })).toBeVisible();
  });

  test('an account signs in with its linked Google in a popup on the overseas sign-in page', async ({
    page,
    browser,
  }) => {
    const user = await createUser('overseas', { label: 'identity' });
    await openAccount(page, user);
    const login = uniqueLogin('g-sign-in');
    await completeInPopup(page, row(page, 'Google account').getByRole('button', { name: 'Link' }), login);
    await expect(row(page, 'Google account').getByText('Linked', { exact: true })).toBeVisible();

    // Another browser, signed in nowhere: the sign-in page offers Google beside the password.
    const visitor = await browser.newContext();
    try {
      await offline(visitor);
      const tab = await visitor.newPage();
      await tab.goto(`${OAUTH_PUBLIC_ORIGINS.overseas}/account?lang=en`);
      const google = tab.getByRole('main').getByRole('button', { name: 'Sign in with Google' });
      await expect(google).toBeVisible();
      await tab.screenshot({ path: path.join(artifacts, 'sign-in-third-party-overseas-en-1440.png') });
      await completeInPopup(tab, google, login);
      await expect(tab.getByRole('main').getByTestId('user-id')).toHaveText(String(user.userId));
    } finally {
      await visitor.close();
    }
  });

  test('a WeChat no account has linked signs nobody in, and the overlay says why', async ({ page }) => {
    await page.goto(`${OAUTH_PUBLIC_ORIGINS.domestic}/account?lang=en`);
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const wechat = dialog.getByRole('button', { name: 'Sign in with WeChat' });
    await expect(wechat).toBeVisible();
    await completeInPopup(page, wechat, uniqueLogin('stranger'));
    await expect(
      dialog.getByText('No account is linked to this sign-in yet; sign in another way and link it first.'),
    ).toBeVisible();
    await dialog.screenshot({
      path: path.join(artifacts, 'sign-in-third-party-unknown-en.png'),
      animations: 'disabled',
    });
    expect(await page.evaluate(() => localStorage.getItem('account-centre.session'))).toBeNull();
  });

  test.describe('on a phone', () => {
    useScreen(PHONE);

    test('linking is refused with bindFromPC before any call', async ({ page }) => {
      const user = await createUser('domestic', { label: 'identity' });
      await openAccount(page, user);
      const starts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/identity/')) starts.push(request.url());
      });
      let popups = 0;
      page.on('popup', () => (popups += 1));
      await row(page, 'WeChat account').getByRole('button', { name: 'Link' }).tap();
      await expect(
        page.getByText('Please link it on a computer; it cannot be linked from a phone or tablet'),
      ).toBeVisible();
      expect(starts).toEqual([]);
      expect(popups).toBe(0);
    });
  });

  test('the desktop client opens the flow in the system browser, and the row updates on return', async ({
    page,
    browser,
  }) => {
    // The desktop client's host object (apps/web/src/lib/host-bridge), recording what it is sent.
    await page.addInitScript(() => {
      const sent: unknown[] = [];
      Object.assign(window, {
        hostMessages: sent,
        AccountCentreHost: { postMessage: (json: string) => void sent.push(JSON.parse(json)) },
      });
    });
    const user = await createUser('domestic', { label: 'identity' });
    await openAccount(page, user, 'lang=en&from=maxPC');
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await row(page, 'WeChat account').getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Continue in your browser: sign in there, then come back here')).toBeVisible();

    const sent = await page.evaluate(
      () => (window as unknown as { hostMessages: { type: string; payload: { url: string } }[] }).hostMessages,
    );
    const opened = sent.filter((message) => message.type === 'openOutsideUrl');
    expect(opened).toHaveLength(1);
    const link = opened[0]?.payload.url ?? '';
    expect(link.startsWith(`${OAUTH_PUBLIC_ORIGINS.domestic}/api/auth/oauth/weixin/continue?handoff=`)).toBe(true);
    expect(popups).toBe(0);

    // The system browser: another browser, with no session of ours and none of our cookies
    // (set to German, to see the page speak the browser's language).
    const system = await browser.newContext({ locale: 'de-DE' });
    try {
      await offline(system);
      const tab = await system.newPage();
      await tab.goto(link);
      await signInAtProvider(tab, uniqueLogin('desk'));
      // The page stays in the system browser: it says, in the browser's language, what to do.
      await expect(
        tab.getByText('Fertig. Sie können dieses Fenster schließen und zum Kontocenter zurückkehren.'),
      ).toBeVisible();
      await expect(tab.locator('html')).toHaveAttribute('lang', 'de');
      // The link was for one browser only.
      const again = await system.newPage();
      const reused = await again.goto(link);
      expect(reused?.status()).toBe(400);
    } finally {
      await system.close();
    }

    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(row(page, 'WeChat account').getByText('Linked', { exact: true })).toBeVisible();
  });

  test('openWXBind=1 starts WeChat binding on arrival', async ({ page }) => {
    const user = await createUser('domestic', { label: 'identity' });
    const opened = page.waitForEvent('popup');
    await openAccount(page, user, 'lang=en&openWXBind=1');
    const popup = await opened;
    await signInAtProvider(popup, uniqueLogin('arrive'));
    await expectClosed(popup);
    await expect(row(page, 'WeChat account').getByText('Linked', { exact: true })).toBeVisible();
  });

  test('an account is closed by signing in with its linked WeChat in a popup', async ({ page, request }) => {
    const user = await createUser('domestic', { label: 'identity' });
    const session = await openAccount(page, user);
    const login = uniqueLogin('close');
    await completeInPopup(page, row(page, 'WeChat account').getByRole('button', { name: 'Link' }), login);
    await expect(row(page, 'WeChat account').getByText('Linked', { exact: true })).toBeVisible();

    // The company home the page moves to afterwards is outside this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|[^/]*\.localhost)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Home</title>' }),
    );
    await page.getByRole('main').getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /continue/i }).click();
    await expect(dialog.getByRole('button', { name: 'WeChat account' })).toBeVisible();
    await dialog.screenshot({
      path: path.join(artifacts, 'account-identity-close-en-1440.png'),
      animations: 'disabled',
    });
    // The provider remembers this browser's sign-in and consent: the popup may finish at once.
    const opened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'WeChat account' }).click();
    await expectClosed(await opened);

    await expect(page.getByText('Account closed')).toBeVisible();
    const after = await request.get(`${SERVER_ORIGIN}/api/user/${user.userId}`, {
      headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${session.token}` },
    });
    expect(after.status()).toBe(401);
    const signIn = await request.post(`${SERVER_ORIGIN}/api/auth/login`, {
      headers: { Host: DOMESTIC_HOST },
      data: { account: user.email, password: user.password },
    });
    expect(signIn.status()).toBeGreaterThanOrEqual(400);
  });
});

test.describe('the security section with third-party rows', () => {
  test.beforeEach(async ({ context }) => offline(context));

  for (const { width, height } of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ] as const) {
    for (const [language, region, identityRow] of [
      ['zh', 'domestic', '微信'],
      ['en', 'domestic', 'WeChat account'],
      ['en', 'overseas', 'Google account'],
    ] as const) {
      test(`${region} in ${language} at ${width} px fits`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        const user = await createUser(region, { label: 'identity' });
        await openAccount(page, user, `lang=${language}`);
        const section = page
          .getByRole('main')
          .locator('.mantine-Paper-root')
          .filter({ has: page.getByRole('listitem', { name: identityRow }) });
        await expect(section.getByRole('listitem', { name: identityRow })).toBeVisible();
        await expectNothingClipped(page, 'main button, main [role="listitem"] p, main [role="listitem"] span');
        await section.screenshot({
          path: path.join(artifacts, `account-identity-${region}-${language}-${width}.png`),
          animations: 'disabled',
        });
      });
    }
  }
});
