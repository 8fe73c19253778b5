import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountErrorCode,
  AuthErrors,
  CommonErrors,
  exchangeTicketRoute,
  listOAuthProvidersRoute,
  loginRoute,
  registerRoute,
  resetPasswordRoute,
  sendCodeRoute,
  startOAuthSignInRoute,
} from '@account-centre/contract';
import { renderInLanguage, resetLanguage } from '../../testing/render';
import { type ApiStub, failWith, type Success, stubApi } from '../../testing/api';
import { fakePopup } from '../../testing/popup';
import { clearSession, getSession } from '../../lib/session';
import { closeSignIn, getSignInPrompt, openSignIn } from './sign-in-prompt';
import { SignInScreen } from './SignInScreen';

const session = {
  user_id: 42,
  token: 'access-token-1234567890',
  refresh_token: 'refresh-token-1234567890',
  expires_in: 900,
};

/** A field by its label, whatever the required-field asterisk Mantine adds to it. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`), {
    selector: 'input',
  }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

/** The screen asks which third-party sign-ins the server offers: here none (tested in ThirdPartySignIn.test.tsx). */
const stubSignInApi = () => stubApi().answer(listOAuthProvidersRoute, { data: [] });
/** What the screen sent, beside that question. */
const sent = (api: ApiStub) => api.calls.filter((call) => call.route !== listOAuthProvidersRoute);

beforeEach(() => {
  clearSession();
  closeSignIn();
  openSignIn('password');
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetLanguage();
});

describe('sign in with a linked third-party account', () => {
  it('offers the configured providers under the forms, and closes the overlay once signed in', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [{ provider: 'weixin', can_close: true }] })
      .answer(startOAuthSignInRoute, { data: { url: 'https://open.example/auth', expires_in: 600 } })
      .answer(exchangeTicketRoute, { data: session });
    const { popup, post } = fakePopup();
    await renderInLanguage(<SignInScreen variant="overlay" />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Sign in with WeChat' }));
    await waitFor(() => expect(popup.location.href).toBe('https://open.example/auth'));
    post({
      type: 'account-centre:oauth',
      provider: 'weixin',
      purpose: 'sign-in',
      status: 'success',
      msg: 'ok',
      ticket: 'one-time-ticket-1234567890',
    });
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(getSignInPrompt().opened).toBe(false);
  });
});

describe('sign in with a password', () => {
  it('saves the session and closes the overlay', async () => {
    const api = stubSignInApi().answer(loginRoute, { data: session });
    await renderInLanguage(<SignInScreen variant="overlay" />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog).toBeTruthy();
    type('Email or mobile number', ' 13812345678 ');
    type('Password', 'correct horse');
    click('Sign in');
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(sent(api)).toEqual([
      expect.objectContaining({
        line: 'POST /api/auth/login',
        body: { account: '13812345678', password: 'correct horse' },
      }),
    ]);
    expect(getSignInPrompt().opened).toBe(false);
  });

  it('sends one request however often the button is pressed', async () => {
    let answer: (value: Success<typeof loginRoute>) => void = () => {};
    const api = stubSignInApi().answer(loginRoute, () => new Promise((resolve) => (answer = resolve)));
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    type('Password', 'correct horse');
    click('Sign in');
    click('Sign in');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement);
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    await act(async () => answer({ data: session }));
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(sent(api)).toHaveLength(1);
  });

  it('shows a wrong password in the reader’s language', async () => {
    stubSignInApi().answer(
      loginRoute,
      failWith({ status: 401, code: AccountErrorCode.password, msg: AuthErrors.invalidCredentials.msg }),
    );
    await renderInLanguage(<SignInScreen variant="page" />, { language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    type('E-Mail-Adresse', 'ada@example.com');
    type('Passwort', 'wrong password');
    click('Anmelden');
    expect((await screen.findByRole('alert')).textContent).toBe('Konto oder Passwort ist falsch.');
    expect(getSession()).toBeNull();
  });

  it('checks the fields before asking the server', async () => {
    const api = stubSignInApi();
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', '13812345678');
    click('Sign in');
    // The overseas build has no SMS: a mobile number is not an account there.
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(sent(api)).toHaveLength(0);
  });

  it('accepts a mainland mobile number in the domestic build only', async () => {
    const api = stubSignInApi();
    await renderInLanguage(<SignInScreen variant="page" />, { build: { region: 'domestic' } });
    type('Email or mobile number', '12812345678');
    click('Sign in');
    expect(await screen.findByText('Enter a valid email address or mainland China mobile number.')).toBeTruthy();
    expect(sent(api)).toHaveLength(0);
  });
});

describe('quick sign-in with a code', () => {
  it('sends a code of purpose 8, counts down, then signs in with it', async () => {
    const api = stubSignInApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(loginRoute, { data: session });
    await renderInLanguage(<SignInScreen variant="page" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Verification code' }));
    click('Send code');
    // The account is checked first: nothing is sent for an empty one.
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(sent(api)).toHaveLength(0);

    type('Email address', 'ada@example.com');
    click('Send code');
    const resend = await screen.findByRole('button', { name: 'Resend (60 s)' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    // The code's 10 minutes end at a clock time, written the English way (2:05 PM).
    expect(screen.getByRole('status').textContent).toMatch(
      /^We have sent a verification code to ada@example\.com\. It is valid until \d{1,2}:\d{2}\s(AM|PM)\.$/,
    );
    expect(sent(api)[0]).toMatchObject({
      line: 'POST /api/auth/code',
      body: { purpose: 8, email: 'ada@example.com' },
    });

    type('Verification code', '12345');
    click('Sign in');
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    type('Verification code', '123456');
    click('Sign in');
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(sent(api)[1]).toMatchObject({ body: { account: 'ada@example.com', code: '123456' } });
  });

  it.each([
    [AccountErrorCode.code, AuthErrors.invalidCode.msg, 'The verification code is incorrect.'],
    [
      AccountErrorCode.timeout,
      AuthErrors.codeExpired.msg,
      'The verification code has expired. Please request a new one.',
    ],
    [
      AccountErrorCode.loginLimit,
      AuthErrors.loginLimit.msg,
      'Too many failed sign-in attempts. Please wait a while and try again.',
    ],
  ])('shows sign-in error code %i as its message', async (code, msg, text) => {
    stubSignInApi().answer(loginRoute, failWith({ status: 400, code: code, msg: msg }));
    openSignIn('code');
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    type('Verification code', '123456');
    click('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it.each([
    [
      AccountErrorCode.tooFrequent,
      CommonErrors.tooFrequent.msg,
      'Too many requests. Please wait a moment and try again.',
    ],
    [
      AccountErrorCode.codeCountLimit,
      AuthErrors.codeCountLimit.msg,
      'You have requested too many verification codes today. Please try again tomorrow.',
    ],
  ])('shows send-code error code %i as its message', async (code, msg, text) => {
    stubSignInApi().answer(sendCodeRoute, failWith({ status: 429, code: code, msg: msg }));
    openSignIn('code');
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    click('Send code');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('shows the network error when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    openSignIn('code');
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    click('Send code');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the server. Check your internet connection and try again.',
    );
  });
});

describe('sign up', () => {
  it('registers an e-mail with a password and a code of purpose 1', async () => {
    const api = stubSignInApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(registerRoute, { data: session });
    await renderInLanguage(<SignInScreen variant="page" />);
    fireEvent.click(screen.getByRole('button', { name: 'Create one' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    type('Email address', 'ada@example.com');
    click('Send code');
    await screen.findByRole('button', { name: 'Resend (60 s)' });
    type('Verification code', '654321');
    type('Password', 'short');
    click('Create account');
    expect(await screen.findByText('The password must have 8 to 128 characters.')).toBeTruthy();
    type('Password', 'long enough password');
    click('Create account');
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(sent(api).map((call) => call.body)).toEqual([
      { purpose: 1, email: 'ada@example.com' },
      { email: 'ada@example.com', password: 'long enough password', code: '654321' },
    ]);
  });

  it('registers a mobile number with an SMS code and no password in the domestic build', async () => {
    const api = stubSignInApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(registerRoute, { data: session });
    openSignIn('signUp');
    await renderInLanguage(<SignInScreen variant="overlay" />, { language: 'zh', build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: '注册账号' });
    type('邮箱或手机号', '13812345678');
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^验证码已通过短信发送至 13812345678，\d{1,2}:\d{2} 前有效。$/,
    );
    type('验证码', '111222');
    fireEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(getSession()?.userId).toBe(42));
    expect(sent(api).map((call) => call.body)).toEqual([
      { purpose: 1, mobile: '13812345678' },
      { mobile: '13812345678', code: '111222' },
    ]);
  });

  it.each([
    [AccountErrorCode.phoneUsed, '13812345678', '该手机号已被注册。'],
    [AccountErrorCode.emailUsed, 'ada@example.com', '该邮箱已被注册。'],
  ])('shows error code %i as its message', async (code, account, text) => {
    stubSignInApi().answer(registerRoute, failWith({ status: 409, code: code, msg: AuthErrors.emailUsed.msg }));
    openSignIn('signUp');
    await renderInLanguage(<SignInScreen variant="page" />, { language: 'zh', build: { region: 'domestic' } });
    type('邮箱或手机号', account);
    type('验证码', '111222');
    type('密码', 'long enough password');
    click('注册');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('says a refused new password is too weak, not that a password is wrong', async () => {
    stubSignInApi().answer(registerRoute, failWith(AuthErrors.weakPassword));
    openSignIn('signUp');
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    type('Verification code', '111222');
    type('Password', 'password');
    click('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is too easy to guess. Use 8 to 128 characters and avoid common words and sequences.',
    );
  });
});

describe('forgot password', () => {
  it('sets a new password with a code of purpose 2, then offers sign-in with the account', async () => {
    const api = stubSignInApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(resetPasswordRoute, { data: null });
    await renderInLanguage(<SignInScreen variant="page" />);
    type('Email address', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    // The account typed on the sign-in view is carried over.
    expect(field('Email address').value).toBe('ada@example.com');
    click('Send code');
    await screen.findByRole('button', { name: 'Resend (60 s)' });
    type('Verification code', '999000');
    type('New password', 'a brand new password');
    type('Confirm new password', 'a brand new passw0rd');
    click('Set new password');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    type('Confirm new password', 'a brand new password');
    click('Set new password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(field('Email address').value).toBe('ada@example.com');
    expect(sent(api).map((call) => call.body)).toEqual([
      { purpose: 2, email: 'ada@example.com' },
      { account: 'ada@example.com', code: '999000', password: 'a brand new password' },
    ]);
    expect(getSession()).toBeNull();
  });
});

describe('the prompt', () => {
  it('shows the overlay only once something opens it', async () => {
    closeSignIn();
    await renderInLanguage(<SignInScreen variant="overlay" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openSignIn('signUp'));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
