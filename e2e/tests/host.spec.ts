import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expect, logIn, registeredBeforeAll, test } from '../fixtures.js';
import { actAsFramedDesktopClient, harnessRecords, openInHarness, sendToFramedApp } from '../desktop-host.js';
import { DOMESTIC_HOST, SERVER_ORIGIN } from '../ports.js';
import { artifacts } from '../screens.js';

const users = registeredBeforeAll({ domestic: 'domestic' });

/** Opens the app in the harness, signed in through a one-time ticket as a host does it. */
async function openFramed(page: Page, request: Page['request'], query: string): Promise<Frame> {
  const { frame } = await openInHarness(page, request, users.domestic, `/account?${query}`);
  await expect(frame.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  return frame;
}

/** Whether the app's primary colour is the palette colour `name` (compared as computed colours). */
function primaryIs(frame: Frame, name: string) {
  return frame.evaluate((palette) => {
    const probe = (value: string) => {
      const element = document.createElement('div');
      element.style.color = value;
      document.body.append(element);
      const color = getComputedStyle(element).color;
      element.remove();
      return color;
    };
    return probe('var(--mantine-primary-color-filled)') === probe(`var(--mantine-color-${palette}-filled)`);
  }, name);
}

test('in the desktop client: no header, the client’s colour, and messages both ways', async ({ page, request }) => {
  await actAsFramedDesktopClient(page);
  const frame = await openFramed(page, request, 'from=projectPC&lang=en');

  // No header inside the client (spec 01 §2), and the project product's orange.
  await expect(frame.getByRole('banner')).toHaveCount(0);
  expect(await primaryIs(frame, 'orange')).toBe(true);
  expect(await primaryIs(frame, 'blue')).toBe(false);
  await page.screenshot({ path: path.join(artifacts, 'shell-desktop-projectPC-1440.png'), animations: 'disabled' });

  // The client is told who is signed in once the user's information has loaded.
  await expect
    .poll(async () => (await harnessRecords(page)).find((entry) => entry.message.type === 'updateUserInfo'))
    .toMatchObject({ transport: 'desktop', message: { payload: { user_id: users.domestic.userId } } });

  // The client asks for the devices screen.
  await sendToFramedApp(page, 'loginShowDeviceModal', {});
  await expect(frame.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();

  // The client hands over a new session: the app's calls carry it from then on. (A framed
  // page of another site may not use localStorage here, so the app keeps it in memory.)
  const renewed = await logIn(request, users.domestic);
  await sendToFramedApp(page, 'updateToken', {
    user_id: users.domestic.userId,
    token: renewed.token,
    refresh_token: renewed.refresh_token,
    expires_in: renewed.expires_in,
  });
  // Each attempt waits a few seconds only: a visibility change that meets a reload already under
  // way (its request sent before this wait began) adds none, and the poll then asks again.
  const userCall = () =>
    page.waitForRequest((r) => r.url().endsWith(`/api/user/${users.domestic.userId}`) && r.frame() === frame, {
      timeout: 4_000,
    });
  // The tab becoming visible again reloads the screens' data (spec 01 §4).
  const becomeVisible = () =>
    frame.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  // The message reaches the app in its own turn, maybe after a reload already under way: the
  // reloads that follow its handling carry the new session.
  await expect
    .poll(
      async () => {
        const next = userCall().then(
          (request) => request.headerValue('authorization'),
          () => null,
        );
        await becomeVisible();
        return next;
      },
      { timeout: 40_000 },
    )
    .toBe(`Bearer ${renewed.token}`);

  // That session ends on the server; the app's next call cannot refresh it, so the client is
  // told to sign out (spec 01 §4: in desktop-client mode, instead of reopening sign-in).
  const logout = await request.post(`${SERVER_ORIGIN}/api/auth/logout`, {
    headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${renewed.token}` },
  });
  expect(logout.ok()).toBe(true);
  // The app's next call finds it: a visibility change asks for one. A call of the reload the
  // session change started may get there first (the devices list, say, answered after the
  // profile), so the client may already have been told before the first visibility change;
  // after that the app holds no session and calls nothing more.
  const toldToSignOut = async () =>
    (await harnessRecords(page)).some((entry) => entry.transport === 'desktop' && entry.message.type === 'signOut');
  await expect
    .poll(
      async () => {
        if (await toldToSignOut()) return true;
        await becomeVisible();
        return false;
      },
      { timeout: 40_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  await expect(frame.getByRole('heading', { level: 1, name: 'My account' })).toHaveCount(0);
  await expect(frame.getByRole('dialog')).toHaveCount(0);
});

test('in the tablet frame: no header, messages to the parent frame', async ({ page, request }) => {
  const frame = await openFramed(page, request, 'platform=tablet&lang=en');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  expect(await primaryIs(frame, 'blue')).toBe(true);
  await expect
    .poll(async () => (await harnessRecords(page)).find((entry) => entry.message.type === 'updateUserInfo'))
    .toMatchObject({
      transport: 'frame',
      origin: `http://${DOMESTIC_HOST}`,
      message: { payload: { user_id: users.domestic.userId } },
    });
});
