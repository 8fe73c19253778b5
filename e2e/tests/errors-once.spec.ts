import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import { createUser, expect, logIn, regionUrl, runAdmin, signInAs, test } from '../fixtures.js';
import { codeFor, newestOutboxId, uniqueMobile } from '../outbox.js';
import { DOMESTIC_HOST, SERVER_ORIGIN } from '../ports.js';

/**
 * A failed request is said once: at the field it is about when the form has one, otherwise in
 * a toast, never both (components/toast.ts: showFailure).
 */
async function expectSaidOnceAt(page: Page, field: Locator, message: string) {
  const shown = page.getByText(message, { exact: true });
  await expect(shown).toBeVisible();
  // A toast of the same failure would be shown in the same task as the field's message; give its
  // entrance time to draw before counting.
  await page.waitForTimeout(500);
  await expect(shown).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // The one copy is the field's own: the input names it as its description.
  const id = await shown.getAttribute('id');
  expect(id).toBeTruthy();
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^|\\s)${id}(\\s|$)`));
}

/** Closes the toasts on show (a "code sent"), so that only what the failure brings is counted. */
async function closeToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  for (const close of await toasts.getByRole('button').all()) await close.click();
  await expect(toasts).toHaveCount(0);
}

test('a wrong current password is said at its field, and only there', async ({ page, request }) => {
  const user = await createUser('overseas');
  await signInAs(page, user);
  await page.goto(regionUrl('overseas', '/account?lang=en'));
  await page.getByRole('main').getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Code sent')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(await codeFor(request, 'overseas', user.email));
  const current = dialog.getByLabel('Current password');
  await current.fill('Not-the-password-1');
  await dialog.getByLabel('New password', { exact: true }).fill('Battery-staple-42');
  await dialog.getByLabel('Repeat new password').fill('Battery-staple-42');
  await closeToasts(page);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSaidOnceAt(page, current, 'The current password is incorrect.');
  await expectAccessible(page, 'the password dialog with a wrong current password');
  // Nothing changed: the old password still signs in.
  await expect(logIn(request, user)).resolves.toMatchObject({ user_id: user.userId });
});

test('a phone the account already holds is refused at the number, and only there', async ({
  page,
  request,
  browser,
}) => {
  // A domestic account with a second phone, added as the account screen does.
  const user = await createUser('domestic');
  const second = uniqueMobile();
  const { token } = await logIn(request, user);
  const headers = { Host: DOMESTIC_HOST, Authorization: `Bearer ${token}` };
  await request.post(`${SERVER_ORIGIN}/api/auth/code`, { headers, data: { purpose: 4, mobile: second } });
  const added = await request.post(`${SERVER_ORIGIN}/api/user/${user.userId}/second-mobile`, {
    headers,
    data: { operate: 1, mobile: second, code: await codeFor(request, 'domestic', second) },
  });
  expect(added.ok()).toBe(true);

  // The computer shows the link; a phone opens it and offers the second phone as the sign-in phone.
  await signInAs(page, user);
  await page.goto(regionUrl('domestic', '/account?lang=en'));
  await page.getByRole('main').getByRole('button', { name: 'Scan to link with your phone' }).click();
  const link = await page
    .getByRole('dialog', { name: 'Link a phone by scanning' })
    .getByRole('textbox', { name: 'Or open this link on your phone' })
    .inputValue();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(`${link}&lang=en`);
  const number = phonePage.getByLabel('Phone number');
  await number.fill(second);
  // The number got its code moments ago: support lifts its limits rather than wait out the minute.
  await runAdmin(['signin:release', '--account', second, '--reason', 'errors once test']);
  const before = await newestOutboxId(request, 'domestic', second);
  await phonePage.getByRole('button', { name: 'Send code' }).click();
  await expect(phonePage.getByText('Code sent')).toBeVisible();
  await phonePage.getByLabel('Verification code').fill(await codeFor(request, 'domestic', second, before));
  await closeToasts(phonePage);

  await phonePage.getByRole('button', { name: 'Link phone' }).click();
  await expectSaidOnceAt(phonePage, number, 'This number is already linked to your account. Enter another number.');
  await expectAccessible(phonePage, 'the phone’s link page with its own number refused');
  await phone.close();
});
