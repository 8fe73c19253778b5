import {
  createTicket,
  customParam,
  domesticUrl,
  expect,
  logIn,
  overseasUrl,
  registeredBeforeAll,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';

const users = registeredBeforeAll({ overseas: 'overseas' });

test('`to` opens its screen once and leaves the address', async ({ page }) => {
  await signInAndOpen(page, users.overseas, '/?to=devices&pid=5371');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  expect(page.url()).toBe(overseasUrl('/devices?pid=5371'));
  // The menu goes on keeping the rest of the query string.
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/order?pid=5371');
});

test('`custom` with a one-time ticket signs in, leaves the address, and works once only', async ({ page, request }) => {
  const session = await logIn(request, users.overseas);
  const ticket = await createTicket(request, users.overseas, session.token);
  const address = overseasUrl(
    `/order?custom=${encodeURIComponent(customParam({ user_id: users.overseas.userId, ticket }))}`,
  );

  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect(page.url()).toBe(overseasUrl('/order'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('account-centre.session') ?? 'null'));
  expect(stored).toMatchObject({ userId: users.overseas.userId });
  expect(stored.token).not.toBe(session.token);

  // The same ticket a second time, in a browser with no session: it is refused, and says so.
  await page.evaluate(() => localStorage.clear());
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // A localised reason, never the server's raw msg.
  const reason = page.getByRole('alert');
  await expect(reason).toBeVisible();
  // In the reader's words, naming what was used, never the server's raw `only once`.
  await expect(reason).toHaveText(/^This sign-in link has already been used/);
  expect(page.url()).toBe(overseasUrl('/order'));
});

test('`custom` with an access token uses it as the session', async ({ page, request }) => {
  const session = await logIn(request, users.overseas);
  await page.goto(
    overseasUrl(`/account?custom=${customParam({ user_id: users.overseas.userId, token: session.token })}`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  expect(page.url()).toBe(overseasUrl('/account'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('account-centre.session') ?? 'null'));
  expect(stored).toMatchObject({ userId: users.overseas.userId, token: session.token, refreshToken: '' });
});

test('`pcID` of another user shows the account warning for 2 s; the same user sees none', async ({ page }) => {
  await signInAs(page, users.overseas, new URL(domesticUrl()).origin);
  await page.goto(domesticUrl(`/account?lang=en&pcID=${users.overseas.userId + 1000}`));
  const warning = page.getByText('This page is signed in to a different account from your desktop software.');
  await expect(warning).toBeVisible();
  // spec 01 §8: accountWarn lasts 2000 ms.
  await expect(warning).toBeHidden({ timeout: 4000 });

  await page.goto(domesticUrl(`/account?lang=en&pcID=${users.overseas.userId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(warning).toHaveCount(0);
});
