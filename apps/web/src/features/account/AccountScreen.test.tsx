import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AccountErrors,
  AuthErrors,
  CommonErrors,
  bindEmailRoute,
  changePasswordRoute,
  getUserRoute,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  sendCodeRoute,
  unbindMobileRoute,
  updateUserRoute,
} from '@account-centre/contract';
import { renderInLanguage } from '../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../testing/signed-in';
import { type Call, failWith, stubApi } from '../../testing/api';
import { AccountScreen } from './AccountScreen';
import { testUser, shownToasts } from '../../testing/test-user';

const USER = 42;

const userInfo = (overrides: Record<string, unknown> = {}) =>
  testUser({ user_id: USER, mobile: '13812345678', weixin: true, birthday: '2023-01-31', ...overrides });

const toasts = shownToasts;
const puts = (calls: Call[]) => calls.filter((call) => call.route === updateUserRoute);

signedInForEachTest(USER);
catchToastsForEachTest();

async function startEditing() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit nickname' }));
  // The editor is its own chunk: it arrives a moment after the click.
  return screen.findByRole('textbox', { name: 'Nickname' });
}

/** Opens the password dialog, fills it with a code and a current password the server refuses, and saves. */
async function savePasswordWithWrongCurrent() {
  await renderInLanguage(<AccountScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
  fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Not-it-at-all-1' } });
  fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'New-password-2' } });
  fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: 'New-password-2' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('the nickname', () => {
  it('refuses a blank or over-long name before any call', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() });
    await renderInLanguage(<AccountScreen />);
    const input = await startEditing();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input);
    expect(toasts()).toEqual(['The nickname cannot be empty']);
    fireEvent.change(input, { target: { value: 'n'.repeat(33) } });
    fireEvent.submit(input);
    expect(toasts()[1]).toMatch(/^This nickname is not allowed/);
    expect(puts(calls)).toEqual([]);
  });

  it('saves the trimmed name once with Enter, however often it is pressed, and shows it', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(updateUserRoute, async ({ body }) => {
        await answered;
        return { data: userInfo(body as Record<string, unknown>) };
      });
    await renderInLanguage(<AccountScreen />);
    const input = await startEditing();
    fireEvent.change(input, { target: { value: '  Grace  ' } });
    fireEvent.submit(input);
    fireEvent.submit(input);
    release();
    expect(await screen.findByText('Grace')).toBeTruthy();
    expect(puts(calls).map((call) => call.body)).toEqual([{ nick_name: 'Grace' }]);
    expect(toasts()).toContain('Saved');
  });

  it('cancels without a call and keeps the old name', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() });
    await renderInLanguage(<AccountScreen />);
    const input = await startEditing();
    fireEvent.change(input, { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('nickname').textContent).toBe('Ada');
    expect(puts(calls)).toEqual([]);
  });

  it('restores the old name when the server refuses the format, and says why', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(updateUserRoute, failWith(AccountErrors.nameFormat));
    await renderInLanguage(<AccountScreen />);
    const input = await startEditing();
    fireEvent.change(input, { target: { value: 'Brand Name' } });
    fireEvent.submit(input);
    await waitFor(() => expect(screen.getByTestId('nickname').textContent).toBe('Ada'));
    expect(toasts()[0]).toMatch(/^This nickname is not allowed/);
  });

  it('shows the sensitive-content text for a code 2 answer', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(updateUserRoute, failWith(AccountErrors.sensitive));
    await renderInLanguage(<AccountScreen />);
    const input = await startEditing();
    fireEvent.change(input, { target: { value: 'rude word' } });
    fireEvent.submit(input);
    await waitFor(() => expect(toasts()[0]).toMatch(/potentially sensitive information/));
    expect(screen.getByTestId('nickname').textContent).toBe('Ada');
  });
});

describe('the security items', () => {
  it('masks the phone and e-mail in the domestic build and hides WeChat with banhref', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo({ region: 'domestic', second_mobile: '13900001111' }) });
    await renderInLanguage(<AccountScreen />, { build: { region: 'domestic', banhref: true } });
    const phone = await screen.findByRole('listitem', { name: 'Phone' });
    expect(within(phone).getByText('138****5678')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'E-mail' })).getByText('ad****')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Second phone' })).getByText('139****1111')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'WeChat account' })).toBeNull();
    expect(document.body.textContent).not.toContain('13812345678');
    expect(document.body.textContent).not.toContain('ada@example.com');
  });

  it('shows WeChat without banhref and only e-mail and password overseas', async () => {
    stubApi()
      .answer(getUserRoute, { data: userInfo({ region: 'domestic' }) })
      .answer(listOAuthProvidersRoute, { data: [{ provider: 'weixin', can_close: true }] })
      .answer(listIdentitiesRoute, { data: [{ provider: 'weixin', created_at: 1 }] });
    // Third-party rows show only the providers the server has configured.
    const view = await renderInLanguage(<AccountScreen />, { build: { region: 'domestic' } });
    expect(within(await screen.findByRole('listitem', { name: 'WeChat account' })).getByText('Linked')).toBeTruthy();
    view.unmount();

    await renderInLanguage(<AccountScreen />);
    await screen.findByRole('listitem', { name: 'E-mail' });
    expect(screen.queryByRole('listitem', { name: 'Phone' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Password' })).toBeTruthy();
  });
});

describe('the birthday', () => {
  it('offers the days of the chosen month and saves a valid date', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(updateUserRoute, ({ body }) => ({ data: userInfo(body as Record<string, unknown>) }));
    await renderInLanguage(<AccountScreen />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Month' }), { target: { value: '2' } });
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ birthday: '2023-02-28' }]));

    const days = within(screen.getByRole('combobox', { name: 'Day' }))
      .getAllByRole('option')
      .map((option) => option.textContent)
      .filter((text) => text !== 'Day');
    expect(days.at(-1)).toBe('28');
    expect(days).toHaveLength(28);
  });
});

describe('a birthday begun but not finished', () => {
  it('says which parts are still to choose and saves nothing until all are chosen', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo({ birthday: null }) })
      .answer(updateUserRoute, ({ body }) => ({ data: userInfo(body as Record<string, unknown>) }));
    await renderInLanguage(<AccountScreen />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Year' }), { target: { value: '1990' } });
    expect((await screen.findByRole('status')).textContent).toMatch(/^Still to choose: Month and Day\./);
    fireEvent.change(screen.getByRole('combobox', { name: 'Month' }), { target: { value: '5' } });
    expect(screen.getByRole('status').textContent).toMatch(/^Still to choose: Day\./);
    expect(puts(calls)).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '3' } });
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ birthday: '1990-05-03' }]));
    expect(screen.queryByText(/Still to choose/)).toBeNull();
  });
});

describe('the introduction', () => {
  it('shows markup as typed text, never as HTML', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo({ profile: '<b>bold</b><img src=x>' }) });
    await renderInLanguage(<AccountScreen />);
    expect(await screen.findByText('<b>bold</b><img src=x>')).toBeTruthy();
    expect(document.querySelector('main img, section img[src="x"]')).toBeNull();
  });
});

describe('the sign-in flows', () => {
  it('changes the password with a code of purpose 6 and the current password', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(changePasswordRoute, { data: null });
    await renderInLanguage(<AccountScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: /Resend in 60 s/ })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Old-password-1' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'New-password-2' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: 'New-password-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The two passwords differ')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: 'New-password-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Changed successfully'));
    expect(calls.find((call) => call.line === 'POST /api/auth/code')?.body).toEqual({
      purpose: 6,
      email: 'ada@example.com',
    });
    expect(calls.find((call) => call.line === `PUT /api/user/${USER}/password`)?.body).toEqual({
      via: 'email',
      code: '123456',
      password: 'New-password-2',
      old_password: 'Old-password-1',
    });
  });

  it('names every field the form can check at once, before sending anything', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() });
    await renderInLanguage(<AccountScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'New-password-2' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: 'New-password-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeTruthy();
    expect(within(dialog).getByText('Enter your current password.')).toBeTruthy();
    expect(within(dialog).getByText('The two passwords differ')).toBeTruthy();
    expect(calls.filter((call) => call.line.startsWith('PUT'))).toEqual([]);
  });

  it('shows a wrong current password under that field, not as a sign-in failure', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(changePasswordRoute, failWith(AccountErrors.currentPasswordWrong));
    const dialog = await savePasswordWithWrongCurrent();
    const message = await within(dialog).findByText('The current password is incorrect.');
    // Said by the field itself: the message sits in the current password's own input wrapper.
    const field = within(dialog).getByLabelText('Current password').closest('.mantine-InputWrapper-root');
    expect(field?.contains(message)).toBe(true);
    expect(toasts()).toEqual([]);
  });

  it('shows a wrong code at the code field only, and a failure no field holds as one toast', async () => {
    let answer = failWith(AuthErrors.invalidCode);
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo() })
      .answer(changePasswordRoute, () => answer);
    const dialog = await savePasswordWithWrongCurrent();
    const message = await within(dialog).findByText('The verification code is incorrect.');
    const field = within(dialog).getByLabelText('Verification code').closest('.mantine-InputWrapper-root');
    expect(field?.contains(message)).toBe(true);
    expect(toasts()).toEqual([]);

    answer = failWith(CommonErrors.conflict);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(dialog.querySelectorAll('.mantine-InputWrapper-error')).toHaveLength(0);
  });

  it('binds an e-mail with a code of purpose 4 sent to it, and shows it masked', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo({ region: 'domestic', email: null }) })
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(bindEmailRoute, ({ body }) => ({
        data: userInfo({ region: 'domestic', email: (body as { email: string }).email }),
      }));
    await renderInLanguage(<AccountScreen />, { build: { region: 'domestic' } });
    const row = await screen.findByRole('listitem', { name: 'E-mail' });
    fireEvent.click(within(row).getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New e-mail address'), { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls.filter((call) => call.line === 'POST /api/auth/code')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('New e-mail address'), { target: { value: 'grace@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in/ });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(await screen.findByRole('listitem', { name: 'E-mail' })).findByText('gr****')).toBeTruthy();
    expect(calls.find((call) => call.line === 'POST /api/auth/code')?.body).toEqual({
      purpose: 4,
      email: 'grace@example.org',
    });
    expect(calls.find((call) => call.line === `POST /api/user/${USER}/email`)?.body).toEqual({
      email: 'grace@example.org',
      code: '654321',
    });
  });

  it('offers no e-mail change overseas once one is bound', async () => {
    stubApi().answer(listOAuthProvidersRoute, { data: [] }).answer(getUserRoute, { data: userInfo() });
    await renderInLanguage(<AccountScreen />);
    const row = await screen.findByRole('listitem', { name: 'E-mail' });
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('unbinding', () => {
  it('refuses to unbind the only sign-in method without a call', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, {
        data: userInfo({ region: 'domestic', mobile: null, weixin: false }),
      });
    await renderInLanguage(<AccountScreen />, { build: { region: 'domestic' } });
    const row = await screen.findByRole('listitem', { name: 'E-mail' });
    fireEvent.click(within(row).getByRole('button', { name: 'Unlink' }));
    expect(toasts()).toEqual(['Only one sign-in method is left; it cannot be unlinked']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Only reads: the user info and what the third-party rows need.
    expect(calls.filter((call) => !call.line.startsWith('GET '))).toEqual([]);
  });

  it('unbinds the phone with a code of purpose 3 when another method remains', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [] })
      .answer(getUserRoute, { data: userInfo({ region: 'domestic' }) })
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(unbindMobileRoute, { data: userInfo({ region: 'domestic', mobile: null }) });
    await renderInLanguage(<AccountScreen />, { build: { region: 'domestic' } });
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Phone' })).getByRole('button', { name: 'Unlink' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in/ });
    fireEvent.change(within(dialog).getByLabelText('Code sent to the current address'), {
      target: { value: '111222' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(toasts()).toContain('Unlinked'));
    expect(calls.find((call) => call.line === 'POST /api/auth/code')?.body).toEqual({
      purpose: 3,
      mobile: '13812345678',
    });
    expect(calls.find((call) => call.line === `POST /api/user/${USER}/mobile/unbind`)?.body).toEqual({
      code: '111222',
    });
    expect(within(screen.getByRole('listitem', { name: 'Phone' })).getByText('Not linked')).toBeTruthy();
  });
});
