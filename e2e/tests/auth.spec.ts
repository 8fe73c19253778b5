import type { Page } from '@playwright/test';
import {
  SESSION_STORAGE_KEY,
  type TestUser,
  collectErrors,
  createUser,
  domesticUrl,
  expect,
  overseasUrl,
  registerUser,
  signInAs,
  test,
  uniqueEmail,
} from '../fixtures.js';
import { codeFor, newestOutboxId, uniqueMobile } from '../outbox.js';

const ARTIFACTS = 'artifacts';

/** An input by its accessible name (its label, without the required-field asterisk). */
const field = (scope: Page | ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });

async function storedSession(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
}

let overseasUser: TestUser;
let domesticUser: TestUser;
let forgetfulUser: TestUser;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  overseasUser = await registerUser(request, { region: 'overseas' });
  // Made by the operator, so no code has gone to them yet: their tests may ask for one at once.
  domesticUser = await createUser('domestic');
  forgetfulUser = await createUser('overseas');
  await request.dispose();
});

test.describe('overseas: the sign-in page', () => {
  test('signs in with a password', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(overseasUrl('/account?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // The overseas build has no SMS: the field asks for an e-mail address only.
    await expect(field(page, 'Email or mobile number')).toHaveCount(0);
    await page.screenshot({ path: `${ARTIFACTS}/sign-in-page-overseas-en-1440.png`, animations: 'disabled' });

    await field(page, 'Email address').fill(overseasUser.email);
    await field(page, 'Password').fill(overseasUser.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveCount(0);
    expect(JSON.parse((await storedSession(page)) ?? '{}').userId).toBe(overseasUser.userId);
    // The refresh token is an HttpOnly cookie, not in the stored session.
    expect(JSON.parse((await storedSession(page)) ?? '{}')).toMatchObject({ refreshToken: '', refreshCookie: true });
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ac_refresh')?.httpOnly).toBe(true);
    // Chromium notes that it ignores the server's Cross-Origin-Opener-Policy on plain http test
    // hosts; that is the test transport, not the page.
    expect(errors.filter((error) => !error.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
  });

  test('shows a wrong password in the reader’s language', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=de'));
    await field(page, 'E-Mail-Adresse').fill(overseasUser.email);
    await field(page, 'Passwort').fill('not-the-password-1');
    await page.getByRole('main').getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Konto oder Passwort ist falsch.');

    await page.goto(overseasUrl('/account?lang=en'));
    await field(page, 'Email address').fill(overseasUser.email);
    await field(page, 'Password').fill('not-the-password-1');
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('The account or password is incorrect.');
    expect(await storedSession(page)).toBeNull();
  });

  test('signs up with an e-mail code read from the outbox', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto(overseasUrl('/account?lang=en'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await field(page, 'Email address').fill(email);
    await main.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`^We have sent a verification code to ${email.replace(/\./g, '\\.')}\\. It is valid until .+\\.$`),
    );
    await expect(main.getByRole('button', { name: /^Resend \(\d+ s\)$/ })).toBeDisabled();
    await field(page, 'Verification code').fill(await codeFor(page.request, 'overseas', email));
    await field(page, 'Password').fill('Sturdy-Lantern-42');
    await main.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(await storedSession(page)).not.toBeNull();
  });

  test('refuses a second code within the minute, with its message and a countdown', async ({ page, playwright }) => {
    const request = await playwright.request.newContext();
    const user = await registerUser(request, { region: 'overseas' });
    await request.dispose();
    await page.goto(overseasUrl('/account?lang=en'));
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Verification code' }).click();
    await field(page, 'Email address').fill(user.email);
    await main.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many requests. Please wait a moment and try again.');
    await expect(main.getByRole('button', { name: /^Resend \(\d+ s\)$/ })).toBeDisabled();
  });

  test('resets a forgotten password, then signs in with the new one', async ({ page }) => {
    const user = forgetfulUser;
    await page.goto(overseasUrl('/account?lang=en'));
    const main = page.getByRole('main');
    await field(page, 'Email address').fill(user.email);
    await main.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    const before = await newestOutboxId(page.request, 'overseas', user.email);
    await main.getByRole('button', { name: 'Send code' }).click();
    const code = await codeFor(page.request, 'overseas', user.email, before);
    await field(page, 'New password').fill('Brand-New-Walrus-7');
    await field(page, 'Confirm new password').fill('Brand-New-Walrus-7');
    // A wrong code first: the service says so, and the right one still works afterwards.
    await field(page, 'Verification code').fill(code === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The verification code is incorrect.');
    await field(page, 'Verification code').fill(code);
    await main.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been changed. Sign in with your new password.',
    );
    await expect(field(page, 'Email address')).toHaveValue(user.email);
    await field(page, 'Password').fill('Brand-New-Walrus-7');
    await main.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('signs out: the session ends and the page reloads in its language', async ({ page }) => {
    await signInAs(page, overseasUser);
    await page.goto(overseasUrl('/order'));
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('ac_refresh');
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await avatar.hover();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(overseasUrl('/order?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The refresh cookie goes with the session.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('ac_refresh');
  });

  test('the sign-in page fits a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(overseasUrl('/account?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.screenshot({
      path: `${ARTIFACTS}/sign-in-page-overseas-en-390.png`,
      fullPage: true,
      animations: 'disabled',
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('domestic: the sign-in overlay', () => {
  test('opens on arrival and signs in quickly with a code', async ({ page }) => {
    await page.goto(domesticUrl('/account'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, '邮箱或手机号')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/sign-in-overlay-domestic-zh-1440.png`, animations: 'disabled' });

    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await field(dialog, '邮箱或手机号').fill(domesticUser.email);
    const before = await newestOutboxId(page.request, 'domestic', domesticUser.email);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /^重新获取（\d+ 秒）$/ })).toBeDisabled();
    await field(dialog, '验证码').fill(await codeFor(page.request, 'domestic', domesticUser.email, before));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  });

  test('signs up with a mobile number and an SMS code', async ({ page }) => {
    const mobile = uniqueMobile();
    await page.goto(domesticUrl('/account'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('button', { name: '立即注册' }).click();
    const signUp = page.getByRole('dialog', { name: '注册账号' });
    await field(signUp, '邮箱或手机号').fill(mobile);
    await signUp.getByRole('button', { name: '获取验证码' }).click();
    await expect(signUp.getByRole('status')).toHaveText(
      new RegExp(`^验证码已通过短信发送至 ${mobile}，\\d{1,2}:\\d{2} 前有效。$`),
    );
    await field(signUp, '验证码').fill(await codeFor(page.request, 'domestic', mobile));
    // A password is optional with a mobile number: the SMS code signs the user in.
    await signUp.getByRole('button', { name: '注册', exact: true }).click();
    await expect(signUp).toBeHidden();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  });

  test('says when there is no live code to sign in with', async ({ page, playwright }) => {
    const request = await playwright.request.newContext();
    // Its only code was spent on signing up.
    const user = await registerUser(request, { region: 'domestic' });
    await request.dispose();
    await page.goto(domesticUrl('/account'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await field(dialog, '邮箱或手机号').fill(user.email);
    await field(dialog, '验证码').fill('123456');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('验证码已过期，请重新获取。');
  });

  test('the overlay fits a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(domesticUrl('/account'));
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/sign-in-overlay-domestic-zh-390.png`, animations: 'disabled' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
