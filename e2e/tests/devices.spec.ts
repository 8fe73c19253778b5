import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEVICE_LIMITS, AuthErrors, DeviceErrors } from '@account-centre/contract';
import { type TestUser, domesticUrl, expect, logIn, registerUser, signInAndOpen, signInAs, test } from '../fixtures.js';
import { DOMESTIC_HOST, SERVER_ORIGIN } from '../ports.js';
import { expectNothingClipped, expectSteadyLayout, watchLayoutShifts } from '../layout.js';
import { artifacts, SCREENS, useScreen } from '../screens.js';

const DEVICE_TEXTS = 'main h1, main h2, main [role="tab"], main button, main li p';

/** A desktop client activating its machine for the diagram product, with its own session token. */
async function activateDiagram(request: APIRequestContext, user: TestUser, token: string, deviceId: string) {
  const response = await request.post(`${SERVER_ORIGIN}/api/user/${user.userId}/max/device`, {
    headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${token}` },
    data: { device_id: deviceId, device_name: `Studio ${deviceId}`, platform: 'pc' },
  });
  return { status: response.status(), body: (await response.json()) as { msg: string; data: unknown } };
}

async function diagramDevicesAnswer(request: APIRequestContext, user: TestUser, token: string) {
  const response = await request.get(`${SERVER_ORIGIN}/api/user/${user.userId}/max/device`, {
    headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${token}` },
  });
  return response.status();
}

test.describe('devices', () => {
  let user: TestUser;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    user = await registerUser(request, { region: 'domestic' });
    // A wrong password first, for the sign-in history.
    const wrong = await request.post(`${SERVER_ORIGIN}/api/auth/login`, {
      headers: { Host: DOMESTIC_HOST },
      data: { account: user.email, password: 'Not-the-password-1' },
    });
    expect(wrong.status()).toBe(400);
    expect(((await wrong.json()) as { msg: string }).msg).toBe(AuthErrors.invalidCredentials.msg);
    await request.dispose();
  });

  test('a free account activates one machine per product; the screen frees its place', async ({ page, request }) => {
    // Four desktop clients sign in and activate: a free account has one diagram slot
    // (docs/decisions/004), so the first is activated and the other three are refused with
    // the active devices, for the client's device modal.
    expect(DEVICE_LIMITS.free).toBe(1);
    const client = await logIn(request, user);
    const first = await activateDiagram(request, user, client.token, 'pc-1');
    expect(first.status).toBe(200);
    for (const id of ['pc-2', 'pc-3', 'pc-4']) {
      const refused = await activateDiagram(request, user, (await logIn(request, user)).token, id);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(DeviceErrors.limitReached.msg);
      expect(refused.body.data).toEqual([expect.objectContaining({ device_id: 'pc-1', product: 'diagram' })]);
    }
    // The machine already active takes no new slot.
    const again = await activateDiagram(request, user, client.token, 'pc-1');
    expect(again.status).toBe(200);

    await signInAs(page, user);
    await page.goto(domesticUrl('/devices?lang=en'));
    await page.getByRole('tab', { name: 'Diagram' }).click();
    const devices = page.getByRole('list', { name: 'Diagram' });
    const machine = devices.getByRole('listitem', { name: 'Studio pc-1' });
    await expect(machine).toBeVisible();
    await expect(machine.getByText('PC', { exact: true })).toBeVisible();
    await expect(page.getByText('1 of 1 device', { exact: true })).toBeVisible();

    // Where am I signed in: this browser's session is marked; the client's session is on the machine.
    const sessions = page.getByRole('list', { name: 'Where you are signed in' });
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);
    await expect(sessions.getByRole('button', { name: 'Sign out and unbind Studio pc-1' })).toBeVisible();

    // The sign-in history has the wrong password.
    const history = page.getByRole('table', { name: 'Sign-in history' });
    await expect(history.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();

    // Unbind in the screen: it asks, then the device leaves the list.
    await machine.getByRole('button', { name: 'Unbind Studio pc-1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unbind this device?' });
    await dialog.getByRole('button', { name: 'Unbind' }).click();
    await expect(page.getByText('Unbind successful')).toBeVisible();
    await expect(machine).toHaveCount(0);
    await expect(page.getByText('No devices yet')).toBeVisible();
    await expect(page.getByText('0 of 1 device', { exact: true })).toBeVisible();

    // The unbound machine's client is signed out; this browser is not.
    expect(await diagramDevicesAnswer(request, user, client.token)).toBe(401);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);

    // A place is free: another machine activates.
    const next = await activateDiagram(request, user, (await logIn(request, user)).token, 'pc-2');
    expect(next.status).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await expect(
      page.getByRole('list', { name: 'Diagram' }).getByRole('listitem', { name: 'Studio pc-2' }),
    ).toBeVisible();
  });
});

test('“this wasn’t me” ends every session, withdraws the password and opens forgot password', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'domestic' });
  const client = await logIn(request, user);
  expect((await activateDiagram(request, user, client.token, 'laptop-3')).status).toBe(200);
  await signInAndOpen(page, user, '/devices?lang=en');
  await page.getByRole('button', { name: 'This wasn’t me' }).first().click();
  await page
    .getByRole('dialog', { name: 'Secure your account?' })
    .getByRole('button', { name: 'Secure my account' })
    .click();

  // Signed out here, on the forgot-password view of sign-in.
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  // The client's session ended with the rest, and the password no longer signs in.
  expect(await diagramDevicesAnswer(request, user, client.token)).toBe(401);
  const login = await request.post(`${SERVER_ORIGIN}/api/auth/login`, {
    headers: { Host: DOMESTIC_HOST },
    data: { account: user.email, password: user.password },
  });
  expect(login.status()).toBe(403);
  expect(((await login.json()) as { msg: string }).msg).toBe(DeviceErrors.passwordResetRequired.msg);
});

for (const screen of SCREENS) {
  const { width, mobile } = screen;
  test.describe(`devices at ${width} px`, () => {
    useScreen(screen);

    for (const language of ['zh', 'en'] as const) {
      test(`the devices screen in ${language} fits`, async ({ page, request }) => {
        const user = await registerUser(request, { region: 'domestic' });
        const client = await logIn(request, user);
        expect((await activateDiagram(request, user, client.token, 'workstation-7')).status).toBe(200);
        // Sessions and sign-ins enough for each section to be taller than its loader, and the
        // device list answering last: shown as each arrived, it would push the others down.
        for (let count = 0; count < 3; count += 1) await logIn(request, user);
        await signInAs(page, user);
        await watchLayoutShifts(page);
        await page.route(/\/api\/user\/\d+\/((max|project)\/)?device(\?.*)?$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        });
        await page.goto(domesticUrl(`/devices?lang=${language}`));
        // The sign-in history is a table where it has room, and a list of cards on a phone.
        const historyName = language === 'zh' ? '登录记录' : 'Sign-in history';
        await expect(page.getByRole(mobile ? 'list' : 'table', { name: historyName })).toBeVisible();
        // The devices, the sessions and the history show together, not pushing each other down.
        await expectSteadyLayout(page, `the devices screen at ${width} px`);
        await page.getByRole('tab').nth(1).click();
        await expect(page.getByRole('listitem', { name: 'Studio workstation-7' })).toBeVisible();
        await expectNothingClipped(page, DEVICE_TEXTS);
        await page.screenshot({
          path: path.join(artifacts, `devices-${language}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}
