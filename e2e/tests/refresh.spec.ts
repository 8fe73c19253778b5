import type { BrowserContext, Page } from '@playwright/test';
import {
  expect,
  logIn,
  overseasUrl,
  registeredBeforeAll,
  SESSION_STORAGE_KEY,
  signInAs,
  storeSession,
  test,
} from '../fixtures.js';
import { LOCALHOST_ORIGIN, OVERSEAS_HOST, SERVER_ORIGIN } from '../ports.js';

const EXPIRED = 'an-access-token-the-server-no-longer-accepts';

const users = registeredBeforeAll({ overseas: 'overseas' });

/**
 * Three tabs whose access token has expired (the server refuses it; the refresh token is
 * valid) call the API at once. The refresh is held back on its way to the server, so all three
 * calls are waiting for it: exactly one refresh goes out, and each call is retried once with
 * the new token. On localhost, a secure context, the tabs share the refresh through the Web
 * Locks API; the waiting of several calls within one tab is covered by lib/api's unit tests.
 */
test('an expired access token is refreshed once while three calls wait', async ({ context, page }) => {
  const session = await signInAs(page, users.overseas, LOCALHOST_ORIGIN);
  await storeSession(page, LOCALHOST_ORIGIN, { ...session, token: EXPIRED });

  let refreshes = 0;
  await context.route('**/api/auth/refresh', async (route) => {
    refreshes += 1;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const userCalls: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/user/${users.overseas.userId}`) {
      userCalls.push(request.headers()['authorization'] ?? '');
    }
  });

  const tabs = [page, await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab) => tab.goto(`${LOCALHOST_ORIGIN}/account`)));
  for (const tab of tabs) {
    await expect(tab.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  }
  await expect.poll(() => userCalls.filter((auth) => auth !== `Bearer ${EXPIRED}`).length).toBe(3);

  expect(refreshes).toBe(1);
  expect(userCalls.filter((auth) => auth === `Bearer ${EXPIRED}`)).toHaveLength(3);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('account-centre.session') ?? '{}'));
  expect(stored.token).not.toBe(EXPIRED);
  expect(stored.refreshToken).not.toBe(session.refresh_token);
  // The new refresh token came as the cookie: none in storage.
  expect(stored).toMatchObject({ refreshToken: '', refreshCookie: true });
  expect(new Set(userCalls.filter((auth) => auth !== `Bearer ${EXPIRED}`))).toEqual(
    new Set([`Bearer ${stored.token}`]),
  );
  for (const tab of tabs) await expect(tab.getByRole('dialog')).toHaveCount(0);
});

/** Everything this page keeps in localStorage and sessionStorage, as one text. */
function storageOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
}

async function refreshCookieOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'ac_refresh');
}

/** Whether the server still accepts an access token (as a desktop client would call). */
async function accepted(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get(`${SERVER_ORIGIN}/api/user/${users.overseas.userId}`, {
    headers: { Host: OVERSEAS_HOST, Authorization: `Bearer ${token}` },
  });
  return response.ok();
}

/**
 * A sign-in on the page leaves no refresh token where a script could read it: the server sets
 * it as an HttpOnly cookie of the refresh route (over plain http on this test host, so without
 * Secure, or the browser would drop it). The session survives a reload and the end of its
 * access token, which the refresh replaces on the server too.
 */
test('a signed-in page keeps no refresh token in storage, and survives a reload and an expired access token', async ({
  context,
  page,
}) => {
  await page.goto(overseasUrl('/account?lang=en'));
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(users.overseas.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(users.overseas.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  const signedIn = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? '{}');
  expect(signedIn).toMatchObject({ userId: users.overseas.userId, refreshToken: '', refreshCookie: true });
  const cookie = await refreshCookieOf(context);
  expect(cookie).toMatchObject({ path: '/api/auth/refresh', httpOnly: true, sameSite: 'Strict', secure: false });
  expect(await storageOf(page)).not.toContain(cookie?.value);
  // The page's scripts cannot see it either.
  expect(await page.evaluate(() => document.cookie)).not.toContain('ac_refresh');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The access token ends (as after 15 minutes): the next call refreshes by the cookie.
  await page.evaluate(
    ([key, session]) => localStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Date.now() - 60_000 })),
    [SESSION_STORAGE_KEY, signedIn] as const,
  );
  const refresh = page.waitForRequest((request) => request.url().endsWith('/api/auth/refresh'));
  await page.reload();
  const sent = await refresh;
  expect(sent.postDataJSON()).toEqual({});
  expect(await sent.headerValue('x-refresh-cookie')).toBe('1');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const renewed = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? '{}');
  expect(renewed).toMatchObject({ userId: users.overseas.userId, refreshToken: '', refreshCookie: true });
  expect(renewed.token).not.toBe(signedIn.token);
  expect((await refreshCookieOf(context))?.value).not.toBe(cookie?.value);
  expect(await storageOf(page)).not.toContain((await refreshCookieOf(context))?.value);
  // The access token the refresh replaced no longer works; the new one does.
  expect(await accepted(page, signedIn.token)).toBe(false);
  expect(await accepted(page, renewed.token)).toBe(true);
});

test('a page signed in before the refresh cookie moves its stored refresh token into the cookie', async ({
  context,
  page,
}) => {
  const before = await logIn(page.request, users.overseas);
  await storeSession(page, new URL(overseasUrl()).origin, before);
  await page.goto(overseasUrl('/account?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) ?? '{}'),
    )
    .toMatchObject({ userId: users.overseas.userId, refreshToken: '', refreshCookie: true });
  expect(await storageOf(page)).not.toContain(before.refresh_token);
  expect((await refreshCookieOf(context))?.httpOnly).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});
