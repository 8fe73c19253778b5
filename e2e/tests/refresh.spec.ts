import { type TestUser, expect, logIn, registerUser, storeSession, test } from '../fixtures.js';
import { LOCALHOST_ORIGIN } from '../ports.js';

const EXPIRED = 'an-access-token-the-server-no-longer-accepts';

let user: TestUser;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  user = await registerUser(request, { region: 'overseas' });
  await request.dispose();
});

/**
 * Three tabs whose access token has expired (the server refuses it; the refresh token is
 * valid) call the API at once. The refresh is held back on its way to the server, so all three
 * calls are waiting for it: exactly one refresh goes out, and each call is retried once with
 * the new token. On localhost, a secure context, the tabs share the refresh through the Web
 * Locks API; the waiting of several calls within one tab is covered by lib/api's unit tests.
 */
test('an expired access token is refreshed once while three calls wait', async ({ context, page }) => {
  const session = await logIn(page.request, user);
  await storeSession(page, LOCALHOST_ORIGIN, { ...session, token: EXPIRED });

  let refreshes = 0;
  await context.route('**/api/auth/refresh', async (route) => {
    refreshes += 1;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const userCalls: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/user/${user.userId}`) {
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
  expect(new Set(userCalls.filter((auth) => auth !== `Bearer ${EXPIRED}`))).toEqual(
    new Set([`Bearer ${stored.token}`]),
  );
  for (const tab of tabs) await expect(tab.getByRole('dialog')).toHaveCount(0);
});
