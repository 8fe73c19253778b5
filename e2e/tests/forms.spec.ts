import { bindMobile, expect, overseasUrl, registerUser, signInAndOpen, test, uniqueEmail } from '../fixtures.js';
import { expectAccessible } from '../accessibility.js';
import { newestOutboxId } from '../outbox.js';

/**
 * Forms say everything they can check at once, name the field that is wrong, and never show a
 * message that no longer applies.
 */
test.describe('forms', () => {
  test('the password dialog names every wrong field at once', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, '/account?lang=en');
    await page.getByRole('main').getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the 6-digit code')).toBeVisible();
    await expect(dialog.getByText('Enter your current password.')).toBeVisible();
    await expect(dialog.getByText('Use at least 8 characters')).toBeVisible();
    await expectAccessible(page, 'the password dialog with its errors');

    // A code is still missing while the new passwords now differ: both are said together.
    await dialog.getByLabel('Current password').fill('Whatever-it-was-1');
    await dialog.getByLabel('New password', { exact: true }).fill('Battery-staple-42');
    await dialog.getByLabel('Repeat new password').fill('Battery-staple-43');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the 6-digit code')).toBeVisible();
    await expect(dialog.getByText('The two passwords differ')).toBeVisible();
    await expect(dialog.getByText('Enter your current password.')).toBeHidden();
    await expect(dialog.getByText('Use at least 8 characters')).toBeHidden();
  });

  test('the primary number is refused as the second phone before any code is sent', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    const primary = await bindMobile(request, user);
    await signInAndOpen(page, user, '/account?lang=en');
    const row = page.getByRole('main').getByRole('listitem', { name: 'Second phone' });
    await row.getByRole('button', { name: 'Add' }).click();
    const add = page.getByRole('dialog', { name: 'Add a second phone' });

    const sentBefore = await newestOutboxId(request, 'domestic', primary);
    await add.getByLabel('Second phone number').fill(primary);
    await add.getByRole('button', { name: 'Send code' }).click();
    await expect(add.getByText('This number is already linked to your account. Enter another number.')).toBeVisible();
    await expect(add.getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(await newestOutboxId(request, 'domestic', primary)).toBe(sentBefore);

    // Saving says the same, with the missing code, and sends nothing either.
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('This number is already linked to your account. Enter another number.')).toBeVisible();
    await expect(add.getByText('Enter the 6-digit code')).toBeVisible();
    expect(await newestOutboxId(request, 'domestic', primary)).toBe(sentBefore);
  });

  test('sign-up drops the empty-code message once a code has been sent', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=en'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create one' }).click();
    await main.getByRole('button', { name: 'Create account' }).click();
    await expect(main.getByText('Enter the 6-digit code.')).toBeVisible();

    await main.getByRole('textbox', { name: 'Email address', exact: true }).fill(uniqueEmail('stale'));
    await main.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status')).toContainText('We have sent a verification code');
    await expect(main.getByText('Enter the 6-digit code.')).toBeHidden();
    // What was said of the password still holds: nothing was typed there.
    await expect(main.getByText('Enter your password.')).toBeVisible();
  });
});
