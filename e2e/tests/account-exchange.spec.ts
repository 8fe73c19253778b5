import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  collectErrors,
  expect,
  regionUrl,
  registerUser,
  runAdmin,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts, SCREENS, useScreen } from '../screens.js';

let sequence = 0;
/** A form name no other test of this run uses (letters, digits and -, as FORM_NAME_PATTERN allows). */
function uniqueForm(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${sequence}`;
}

/** Adds codes to a form with the operator command, as an operator running a campaign does. */
async function addCodes(form: string, codes: string[]) {
  expect(await runAdmin(['exchange:add', '--form', form, '--codes', codes.join(',')])).toMatchObject({
    form_name: form,
    added: codes.length,
    unused: codes.length,
  });
}

/** The account screen has loaded the user (the launcher runs from then on). */
async function accountLoaded(page: Page) {
  await expect(page.getByRole('main').getByTestId('user-id')).toBeVisible();
}

test.describe('the exchange code of a form_name link', () => {
  for (const region of ['domestic', 'overseas'] as const) {
    test(`in the ${region} region each user sees their own code, the same one on every visit`, async ({
      page,
      request,
    }) => {
      const form = uniqueForm(`fair-${region}`);
      await addCodes(form, [`${form}-A`, `${form}-B`]);
      const [first, second] = [await registerUser(request, { region }), await registerUser(request, { region })];

      await signInAs(page, first);
      await page.goto(regionUrl(region, `/account?lang=en&form_name=${form}`));
      const dialog = page.getByRole('dialog', { name: 'Your exchange code is:' });
      await expect(dialog.getByTestId('exchange-code')).toHaveText(`${form}-A`);
      // Used once, form_name leaves the address (as `to` does); the rest of the query stays.
      await expect.poll(() => new URL(page.url()).search).toBe('?lang=en');

      await dialog.getByRole('button', { name: 'Copy code' }).click();
      await expect(page.getByText('Copied')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).last().click(); // the dialog's own button, not the corner cross
      await expect(dialog).toBeHidden();

      // A reload of the cleaned address does not open the dialog again.
      await page.reload();
      await accountLoaded(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Following the link again shows the same code, not a second one.
      await page.goto(regionUrl(region, `/account?lang=en&form_name=${form}`));
      await expect(dialog.getByTestId('exchange-code')).toHaveText(`${form}-A`);

      // Another user gets the next code of the form.
      await signInAs(page, second);
      await page.goto(regionUrl(region, `/account?lang=en&form_name=${form}`));
      await expect(dialog.getByTestId('exchange-code')).toHaveText(`${form}-B`);
    });
  }

  test('a form with no code left for the user says there is none', async ({ page, request }) => {
    const form = uniqueForm('spent');
    await addCodes(form, [`${form}-ONLY`]);
    const [taker, latecomer] = [
      await registerUser(request, { region: 'domestic' }),
      await registerUser(request, { region: 'domestic' }),
    ];
    await signInAs(page, taker);
    await page.goto(regionUrl('domestic', `/account?lang=en&form_name=${form}`));
    await expect(page.getByTestId('exchange-code')).toHaveText(`${form}-ONLY`);

    await signInAs(page, latecomer);
    await page.goto(regionUrl('domestic', `/account?lang=zh&form_name=${form}`));
    const dialog = page.getByRole('dialog', { name: '兑换码' });
    await expect(dialog.getByText('暂无适用于您的兑换码')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '重试' })).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).search).toBe('?lang=zh');

    // A form nobody ever added codes to reads the same.
    await page.goto(regionUrl('domestic', `/account?lang=en&form_name=${uniqueForm('unknown')}`));
    await expect(
      page.getByRole('dialog', { name: 'Exchange code' }).getByText('No exchange code is available for you'),
    ).toBeVisible();
  });

  test('a form name the server refuses shows the failure, and the screen keeps working', async ({ page, request }) => {
    const errors = collectErrors(page);
    const user = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, `/account?lang=en&form_name=${encodeURIComponent('no spaces allowed!')}`);
    const dialog = page.getByRole('dialog', { name: 'Exchange code' });
    await expect(dialog.getByText('Failed to get the exchange code')).toBeVisible();
    // Asking again would be refused again: no retry is offered.
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the dialog's own button, not the corner cross
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByRole('button', { name: 'Edit nickname' })).toBeVisible();
    // The browser reports the refused request itself, and that it ignores the
    // Cross-Origin-Opener-Policy header on these plain-http test host names (production is
    // https); nothing else went wrong.
    const expected = /status of 400|Cross-Origin-Opener-Policy header has been ignored/;
    expect(errors.filter((error) => !expected.test(error))).toEqual([]);
  });

  for (const screen of SCREENS) {
    const { width } = screen;
    test.describe(`${width} px`, () => {
      useScreen(screen);
      for (const [language, region, title] of [
        ['zh', 'domestic', '您的兑换码是：'],
        ['en', 'overseas', 'Your exchange code is:'],
      ] as const) {
        test(`in ${language} the dialog fits without clipped text`, async ({ page, request }) => {
          const form = uniqueForm(`shot-${language}-${width}`);
          // A long code, as some campaigns issue them: it must wrap, not overflow.
          const code = `${language.toUpperCase()}${width}-7QX2-KD9P-M4TZ-8RWA-H3NE`;
          await addCodes(form, [code]);
          const user = await registerUser(request, { region });
          await signInAndOpen(page, user, `/account?lang=${language}&form_name=${form}`);
          const dialog = page.getByRole('dialog', { name: title });
          await expect(dialog.getByTestId('exchange-code')).toHaveText(code);
          await expectNothingClipped(page, '[role="dialog"] h2, [role="dialog"] button, [role="dialog"] p');
          await page.screenshot({
            path: path.join(artifacts, `exchange-code-${language}-${width}.png`),
            animations: 'disabled',
          });
        });
      }
    });
  }
});
