import path from 'node:path';
import { type TestUser, expect, logIn, registerUser, runAdmin, signInAndOpen, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { codeFor } from '../outbox.js';
import { solidPng } from '../pictures.js';
import { artifacts, SCREENS, useScreen } from '../screens.js';

const ACCOUNT_TEXTS =
  'main h1, main h2, main button, main label, main [role="listitem"] p, main [data-testid="nickname"]';

test.describe('account screen', () => {
  test('the nickname is edited inline and kept after a reload', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, '/account?lang=en');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit nickname' }).click();

    // A blank name is refused in the page and the edit stays open.
    const input = main.getByRole('textbox', { name: 'Nickname' });
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByText('The nickname cannot be empty')).toBeVisible();

    await input.fill('  Ada Lovelace  ');
    await input.press('Enter');
    await expect(main.getByTestId('nickname')).toHaveText('Ada Lovelace');
    await page.reload();
    await expect(page.getByRole('main').getByTestId('nickname')).toHaveText('Ada Lovelace');
  });

  test('the password is changed with a code from the outbox', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user: TestUser = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, '/account?lang=en');
    await page.getByRole('main').getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const send = dialog.getByRole('button', { name: /^(Send code|Resend in \d+ s)$/ });
    // The sign-up code went to this address moments ago: the server refuses another for 60 s
    // and the button counts down to when it may be sent.
    await send.click();
    await expect(send).toHaveText(/Resend in \d+ s/);
    await expect(send).toBeDisabled();
    await expect(send).toHaveText('Send code', { timeout: 70_000 });
    await send.click();
    await expect(send).toHaveText(/Resend in \d+ s/);
    await expect(page.getByText('Code sent')).toBeVisible();
    const code = await codeFor(request, 'overseas', user.email);
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByLabel('New password', { exact: true }).fill('Battery-staple-42');
    await dialog.getByLabel('Repeat new password').fill('Battery-staple-42');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(logIn(request, { ...user, password: 'Battery-staple-42' })).resolves.toMatchObject({
      user_id: user.userId,
    });
    await expect(logIn(request, user)).rejects.toThrow();
  });

  test('the e-mail is replaced with codes from the old and the new address', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    // The old address got its sign-up code moments ago, and another would wait out its minute
    // (the password test above shows that): support lifts the address's limits instead.
    await runAdmin(['signin:release', '--account', user.email, '--reason', 'e-mail change test']);
    await signInAndOpen(page, user, '/account?lang=en');
    const row = page.getByRole('main').getByRole('listitem', { name: 'E-mail' });
    await row.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail' });

    const sendOld = dialog.getByRole('button', { name: /^(Send code|Resend in \d+ s)$/ }).first();
    await sendOld.click();
    await expect(sendOld).toHaveText(/Resend in \d+ s/);
    await dialog.getByLabel('Code sent to the current address').fill(await codeFor(request, 'domestic', user.email));

    const next = `new-${user.email}`;
    await dialog.getByLabel('New e-mail address').fill(next);
    const sendNew = dialog.getByRole('button', { name: /^(Send code|Resend in \d+ s)$/ }).last();
    await sendNew.click();
    await expect(sendNew).toHaveText(/Resend in \d+ s/);
    await dialog.getByLabel('Verification code').fill(await codeFor(request, 'domestic', next));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('ne****');

    await page.reload();
    await expect(page.getByRole('main').getByRole('listitem', { name: 'E-mail' })).toContainText('ne****');
    await expect(logIn(request, { ...user, email: next })).resolves.toMatchObject({ user_id: user.userId });
  });

  test('a picture is cropped, re-encoded to a 220 px JPEG and shown; other types are refused', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, '/account?lang=en');
    const main = page.getByRole('main');
    await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));

    const input = main.getByTestId('avatar-file');
    await input.setInputFiles({ name: 'picture.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF') });
    await expect(page.getByText('Choose a GIF, JPG, JPEG, PNG or BMP picture')).toBeVisible();

    // A 600 × 300 PNG drawn by the browser, named in upper case.
    const png = (await solidPng(page, { width: 600, height: 300, colour: '#3366cc' })).split(',')[1] ?? '';
    await input.setInputFiles({ name: 'PICTURE.PNG', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    // The cropper opens with a square frame; saving it as it is uploads that square.
    await page.getByRole('dialog', { name: 'Crop your picture' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile picture saved')).toBeVisible();
    const avatar = main.getByRole('img', { name: /Profile picture of/ });
    await expect(avatar).toHaveJSProperty('naturalWidth', 220);
    await expect(avatar).toHaveJSProperty('naturalHeight', 220);
  });

  for (const screen of SCREENS) {
    const { width } = screen;
    test.describe(`${width} px`, () => {
      useScreen(screen);

      for (const [language, region] of [
        ['zh', 'domestic'],
        ['en', 'overseas'],
      ] as const) {
        test(`in ${language} it fits without clipped text`, async ({ page, request }) => {
          const user = await registerUser(request, { region });
          await signInAndOpen(page, user, `/account?lang=${language}`);
          await expect(page.getByRole('main').getByTestId('user-id')).toHaveText(String(user.userId));
          await expectNothingClipped(page, ACCOUNT_TEXTS);
          await page.screenshot({ path: path.join(artifacts, `account-${language}-${width}.png`), fullPage: true });
        });

        test(`in ${language} nothing below the personal details moves when they arrive`, async ({ page, request }) => {
          // Their code is a chunk of its own, held back here until the rest of the screen shows.
          let release = () => {};
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(/\/assets\/PersonalInfo-[^/]+\.js$/, async (route) => {
            await held;
            await route.continue();
          });
          const user = await registerUser(request, { region });
          await signInAndOpen(page, user, `/account?lang=${language}`);
          const security = page.getByRole('heading', {
            level: 2,
            name: language === 'zh' ? '登录与安全' : 'Sign-in and security',
          });
          await expect(security).toBeVisible();
          await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
          const before = await security.boundingBox();
          release();
          await expect(page.getByRole('main').getByRole('combobox').first()).toBeVisible();
          const after = await security.boundingBox();
          expect(Math.abs(after!.y - before!.y), 'the security section moved by').toBeLessThan(1);
        });
      }
    });
  }
});
