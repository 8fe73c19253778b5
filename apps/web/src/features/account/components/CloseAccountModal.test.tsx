import { AuthErrors, closeAccountRoute, sendCodeRoute } from '@account-centre/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../lib/user/current-user';
import { changeLanguage } from '../../../lib/i18n';
import { renderInLanguage } from '../../../testing/render';
import { failWith, stubApi } from '../../../testing/api';
import { clearSession, getSession, saveSession } from '../../../lib/session';
import { finishAccountClose } from '../close-account';
import { CloseAccountModal } from './CloseAccountModal';
import { testUser, shownToasts } from '../../../testing/test-user';

// What follows a successful close (toast, session, redirect) is close-account.test.ts's; here it
// only matters whether the dialog hands over to it.
vi.mock('../close-account', () => ({ finishAccountClose: vi.fn() }));

const USER = 42;
const CLOSE = `POST /api/user/${USER}/close`;

const user = (overrides: Partial<UserInfo> = {}) =>
  testUser({ user_id: USER, mobile: '13812345678', region: 'domestic', ...overrides });

const toasts = shownToasts;

beforeEach(() => {
  saveSession({ user_id: USER, token: 'token-42', refresh_token: 'refresh-42', expires_in: 900 });
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

afterEach(async () => {
  cleanup();
  clearSession();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

async function openAtCodeStep(region: 'domestic' | 'overseas', info: UserInfo, extra?: React.ReactNode) {
  const onClose = vi.fn();
  await renderInLanguage(<CloseAccountModal user={info} onClose={onClose} extra={extra} />, { build: { region } });
  const dialog = screen.getByRole('dialog', { name: 'Close account' });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return { dialog, onClose };
}

describe('the confirmation step', () => {
  it('says what closing does and goes on only once the owner ticks that they understand', async () => {
    const api = stubApi();
    const onClose = vi.fn();
    await renderInLanguage(<CloseAccountModal user={user()} onClose={onClose} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    expect(dialog.textContent).toContain('Closing an account cannot be undone');
    expect(dialog.textContent).toMatch(/every other record of the account are deleted/);
    expect(dialog.textContent).toMatch(/Licences and subscriptions bought with this account are lost/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog.textContent).toContain('Tick the box to go on');
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is written in the language shown', async () => {
    stubApi();
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, {
      language: 'zh',
      build: { region: 'domestic' },
    });
    const dialog = screen.getByRole('dialog', { name: '注销账号' });
    expect(dialog.textContent).toContain('账号注销后无法恢复');
  });
});

describe('closing with a code', () => {
  it('lets a domestic owner pick the phone, sends a purpose-11 code there and closes with it', async () => {
    const api = stubApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(closeAccountRoute, { data: null });
    const { dialog } = await openAtCodeStep('domestic', user());
    // Both addresses are offered, masked.
    const email = within(dialog).getByRole('radio', { name: 'E-mail ad****' });
    const phone = within(dialog).getByRole('radio', { name: 'Phone 138****5678' });
    expect((email as HTMLInputElement).checked).toBe(true);
    fireEvent.click(phone);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in \d+ s/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account permanently' }));
    await waitFor(() => expect(finishAccountClose).toHaveBeenCalledOnce());
    expect(api.calls.map(({ line, body }) => ({ line, body }))).toEqual([
      { line: 'POST /api/auth/code', body: { purpose: 11, mobile: '13812345678' } },
      { line: CLOSE, body: { via: 'mobile', code: '123456' } },
    ]);
  });

  it('sends the code to the e-mail only in the overseas build', async () => {
    const api = stubApi().answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } });
    const { dialog } = await openAtCodeStep('overseas', user());
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(dialog.textContent).toContain('The code goes to ad****');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in \d+ s/ });
    expect(api.calls.map((call) => call.body)).toEqual([{ purpose: 11, email: 'ada@example.com' }]);
  });

  it('asks for six digits before any call, once however often it is submitted', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const api = stubApi().answer(closeAccountRoute, async () => {
      await answered;
      return { data: null };
    });
    const { dialog } = await openAtCodeStep('domestic', user({ mobile: null }));
    const input = within(dialog).getByRole('textbox', { name: 'Verification code' });
    const submit = within(dialog).getByRole('button', { name: 'Close account permanently' });
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(submit);
    expect(dialog.textContent).toContain('Enter the 6-digit code');
    expect(api.calls).toEqual([]);

    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    release();
    await waitFor(() => expect(finishAccountClose).toHaveBeenCalledOnce());
    expect(api.calls.filter((call) => call.line === CLOSE)).toHaveLength(1);
  });

  it.each([
    ['invalid code', failWith(AuthErrors.invalidCode), 'The verification code is incorrect'],
    ['expired', failWith(AuthErrors.codeExpired), 'The verification code has expired'],
  ])('shows the server’s refusal “%s” in words and changes nothing', async (_, answer, words) => {
    stubApi().answer(closeAccountRoute, () => answer);
    const { dialog, onClose } = await openAtCodeStep('domestic', user());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account permanently' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toContain(words);
    expect(finishAccountClose).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(getSession()?.userId).toBe(USER);
    expect(
      (within(dialog).getByRole('button', { name: 'Close account permanently' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('an account without e-mail or phone', () => {
  it('is told that no code can be sent, with room for another way to confirm', async () => {
    const api = stubApi();
    const { dialog } = await openAtCodeStep(
      'domestic',
      user({ email: null, mobile: null, weixin: true }),
      <button type="button">Confirm with WeChat</button>,
    );
    expect(dialog.textContent).toContain('No e-mail or phone is linked to this account');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirm with WeChat' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
