import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, regionUrl, registerUser, runAdmin, signInAndOpen, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { codeFor, newestOutboxId, uniqueMobile } from '../outbox.js';
import { artifacts } from '../screens.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const SEND = /^(Send code|Resend in \d+ s)$/;

/** Opens the computer's QR dialog and returns it with the link it shows beside the code. */
async function openQrDialog(page: Page, names: { scan: string; title: string; link: string; qr: string }) {
  await page.getByRole('main').getByRole('button', { name: names.scan }).click();
  const dialog = page.getByRole('dialog', { name: names.title });
  const field = dialog.getByRole('textbox', { name: names.link });
  await expect(field).toHaveValue(/\/account\?bind_link=[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('img', { name: names.qr })).toBeVisible();
  return { dialog, url: await field.inputValue() };
}

/** A phone: its own browser context (no session of the computer's), a phone's agent and screen. */
async function openOnPhone(browser: Browser, url: string) {
  const phone = await browser.newContext({
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto(url);
  return { phone, page };
}

test.describe('account phones (domestic)', () => {
  test('a second phone is added and removed with codes read from the outbox', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await signInAndOpen(page, user, '/account?lang=en');
    const row = page.getByRole('main').getByRole('listitem', { name: 'Second phone' });
    await expect(row).toContainText('For identity verification only; it cannot be used to sign in');

    await row.getByRole('button', { name: 'Add' }).click();
    const add = page.getByRole('dialog', { name: 'Add a second phone' });
    const number = uniqueMobile();
    await add.getByLabel('Second phone number').fill(number);
    await add.getByRole('button', { name: SEND }).click();
    await expect(add.getByRole('button', { name: SEND })).toHaveText(/Resend in \d+ s/);
    await add.getByLabel('Verification code').fill(await codeFor(request, 'domestic', number));
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const masked = `${number.slice(0, 3)}****${number.slice(-4)}`;
    await expect(row).toContainText(masked);
    await expect(page.getByText('Second phone added')).toBeVisible();

    await row.getByRole('button', { name: 'Unlink' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove the second phone' });
    await expect(remove).toContainText(`Second phone: ${masked}`);
    // The number got its binding code moments ago and another would wait out its minute (the
    // account tests show that): support lifts the number's limits instead.
    await runAdmin(['signin:release', '--account', number, '--reason', 'second phone test']);
    const send = remove.getByRole('button', { name: SEND });
    const before = await newestOutboxId(request, 'domestic', number);
    await send.click();
    await expect(send).toHaveText(/Resend in \d+ s/);
    await remove.getByLabel('Code sent to the second phone').fill(await codeFor(request, 'domestic', number, before));
    await remove.getByRole('button', { name: 'Unlink' }).click();
    await expect(remove).toBeHidden();
    await expect(row).toContainText('Not linked');
    await expect(row.getByRole('button', { name: 'Add' })).toBeVisible();
  });

  test('a phone is linked by scanning: the computer shows the QR code and updates by itself', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const user = await registerUser(request, { region: 'domestic' });
    await signInAndOpen(page, user, '/account?lang=en');
    const phoneRow = page.getByRole('main').getByRole('listitem', { name: 'Phone', exact: true });
    await expect(phoneRow.getByRole('button', { name: 'Link', exact: true })).toBeVisible();
    const { dialog, url } = await openQrDialog(page, {
      scan: 'Scan to link with your phone',
      title: 'Link a phone by scanning',
      link: 'Or open this link on your phone',
      qr: 'QR code that opens the phone-linking page',
    });
    expect(new URL(url).host).toBe(new URL(regionUrl('domestic')).host);
    await expect(dialog.getByRole('status')).toContainText(/expires in (10:00|9:5\d)/);
    await expectNothingClipped(page, '[role="dialog"] button, [role="dialog"] p, [role="dialog"] label');
    await page.screenshot({ path: path.join(artifacts, 'account-phone-qr-en-1440.png') });

    // The phone is not signed in: the link alone opens the page, in the language asked for.
    const { phone, page: phonePage } = await openOnPhone(browser, `${url}&lang=en`);
    await expect(phonePage.getByRole('heading', { name: 'Link this phone to your account' })).toBeVisible();
    await expect(phonePage.getByText(`Account: ${user.email.slice(0, 2)}****`)).toBeVisible();
    await expectNothingClipped(phonePage, 'main button, main p, main label, main h1');
    await phonePage.screenshot({ path: path.join(artifacts, 'account-phone-page-en-390.png'), fullPage: true });

    const number = uniqueMobile();
    await phonePage.getByLabel('Phone number').fill(number);
    await phonePage.getByRole('button', { name: SEND }).click();
    await phonePage.getByLabel('Verification code').fill(await codeFor(request, 'domestic', number));
    await phonePage.getByRole('button', { name: 'Link phone' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Phone linked' })).toBeVisible();
    await phonePage.screenshot({ path: path.join(artifacts, 'account-phone-page-done-en-390.png'), fullPage: true });

    // The computer learns it by itself (it asks every 2 s), shows the number and closes.
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    await expect(page.getByText('Phone linked')).toBeVisible();
    await expect(phoneRow).toContainText(`${number.slice(0, 3)}****${number.slice(-4)}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Scan to link with your phone' })).toBeHidden();

    // The link is used up: opened again, it says so.
    await phonePage.goto(`${url}&lang=en`);
    await expect(phonePage.getByRole('alert')).toHaveText('This link has already been used to link a phone.');
    await phone.close();
  });

  test('in Chinese the QR dialog and the phone page fit', async ({ page, request, browser }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await signInAndOpen(page, user, '/account?lang=zh');
    const { url } = await openQrDialog(page, {
      scan: '扫码绑定手机',
      title: '扫码绑定手机',
      link: '也可以在手机上打开此链接',
      qr: '打开手机绑定页面的二维码',
    });
    await expectNothingClipped(page, '[role="dialog"] button, [role="dialog"] p, [role="dialog"] label');
    await page.screenshot({ path: path.join(artifacts, 'account-phone-qr-zh-1440.png') });

    // The domestic build speaks Chinese unless the address asks otherwise.
    const { phone, page: phonePage } = await openOnPhone(browser, url);
    await expect(phonePage.getByRole('heading', { name: '将此手机绑定到账号' })).toBeVisible();
    await expect(phonePage.getByText(`账号：${user.email.slice(0, 2)}****`)).toBeVisible();
    await expectNothingClipped(phonePage, 'main button, main p, main label, main h1');
    await phonePage.screenshot({ path: path.join(artifacts, 'account-phone-page-zh-390.png'), fullPage: true });
    await phone.close();
  });
});
