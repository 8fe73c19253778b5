import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthErrors,
  type IdentityProvider,
  OAuthErrors,
  exchangeTicketRoute,
  listOAuthProvidersRoute,
  startOAuthSignInRoute,
} from '@account-centre/contract';
import { clearSession, getSession } from '../../../lib/session';
import { failWith, stubApi } from '../../../testing/api';
import { fakePopup } from '../../../testing/popup';
import { renderInLanguage, resetLanguage } from '../../../testing/render';
import { ThirdPartySignIn, signInProviders } from './ThirdPartySignIn';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const EVERY_PROVIDER: IdentityProvider[] = ['weixin', 'qq', 'weibo', 'google', 'facebook'];

const session = { user_id: 42, token: 'access-token-1234567890', refresh_token: 'refresh-1234567890', expires_in: 900 };
const TICKET = 'one-time-ticket-1234567890';

const callback = (status: 'success' | 'error', msg: string, ticket?: string) => ({
  type: 'account-centre:oauth',
  provider: 'google',
  purpose: 'sign-in',
  status,
  msg,
  ...(ticket ? { ticket } : {}),
});

/** The overseas server with Google and Facebook configured; the sign-in starts at its provider. */
const overseasApi = () =>
  stubApi()
    .answer(listOAuthProvidersRoute, {
      data: [
        { provider: 'google', can_close: true },
        { provider: 'facebook', can_close: false },
      ],
    })
    .answer(startOAuthSignInRoute, { data: { url: 'https://accounts.example/auth', expires_in: 600 } });

beforeEach(() => clearSession());

afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

describe('which third-party sign-ins are offered', () => {
  const offered = (overrides: Partial<Parameters<typeof signInProviders>[0]>) =>
    signInProviders({
      region: 'domestic',
      hostMode: 'browser',
      banhref: false,
      configured: EVERY_PROVIDER,
      userAgent: DESKTOP_UA,
      ...overrides,
    });

  it('is the build’s own providers that the server has configured', () => {
    expect(offered({})).toEqual(['weixin', 'qq', 'weibo']);
    expect(offered({ region: 'overseas' })).toEqual(['google', 'facebook']);
    expect(offered({ configured: ['weibo', 'google'] })).toEqual(['weibo']);
    expect(offered({ configured: [] })).toEqual([]);
  });

  it('is none in the desktop client, the tablet frame, or with banhref', () => {
    expect(offered({ hostMode: 'desktop' })).toEqual([]);
    expect(offered({ hostMode: 'frame' })).toEqual([]);
    expect(offered({ banhref: true })).toEqual([]);
  });

  it('leaves out WeChat on a phone, whose web sign-in is a code to scan with that phone', () => {
    expect(offered({ userAgent: PHONE_UA })).toEqual(['qq', 'weibo']);
    expect(offered({ region: 'overseas', userAgent: PHONE_UA })).toEqual(['google', 'facebook']);
  });
});

describe('signing in with a linked account', () => {
  afterEach(() => resetLanguage());

  it('opens the provider in a popup and exchanges the ticket it posts back for a session', async () => {
    const api = overseasApi().answer(exchangeTicketRoute, { data: session });
    const { popup, post } = fakePopup();
    const onSignedIn = vi.fn();
    await renderInLanguage(<ThirdPartySignIn onSignedIn={onSignedIn} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeTruthy();
    expect(screen.getByText('or continue with')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example/auth'));
    expect(api.callsTo(startOAuthSignInRoute).map((call) => call.line)).toEqual(['POST /api/auth/oauth/google/start']);
    expect(screen.getByRole('status').textContent).toBe('Finish signing in in the window that opened.');
    // One flow at a time: the other provider waits.
    expect((screen.getByRole('button', { name: 'Sign in with Facebook' }) as HTMLButtonElement).disabled).toBe(true);

    // A message from another window is not the popup's, whatever it says.
    post(callback('success', 'ok', 'forged-ticket-1234567890'), window.location.origin, window);
    post(callback('success', 'ok', TICKET));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.callsTo(exchangeTicketRoute).map((call) => call.body)).toEqual([{ ticket: TICKET }]);
    expect(getSession()).toMatchObject({ userId: 42, token: session.token });
  });

  it('says in the reader’s language that no account has linked this identity, and signs nobody in', async () => {
    const api = overseasApi();
    const { popup, post } = fakePopup();
    const onSignedIn = vi.fn();
    await renderInLanguage(<ThirdPartySignIn onSignedIn={onSignedIn} />, { language: 'de' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mit Google anmelden' }));
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    post(callback('error', OAuthErrors.identityNotBound.msg));
    expect(await screen.findByText(/Mit dieser Anmeldung ist noch kein Konto verknüpft/)).toBeTruthy();
    expect(api.callsTo(exchangeTicketRoute)).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
    // The buttons are usable again for another try.
    expect((screen.getByRole('button', { name: 'Mit Facebook anmelden' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks to allow the popup when the browser blocks it, and calls nothing', async () => {
    const api = overseasApi();
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderInLanguage(<ThirdPartySignIn onSignedIn={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(
      await screen.findByText('Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.'),
    ).toBeTruthy();
    expect(api.callsTo(startOAuthSignInRoute)).toEqual([]);
  });

  it('shows a ticket that expired meanwhile as a failed sign-in', async () => {
    overseasApi().answer(exchangeTicketRoute, failWith(AuthErrors.ticketExpired));
    const { popup, post } = fakePopup();
    const onSignedIn = vi.fn();
    await renderInLanguage(<ThirdPartySignIn onSignedIn={onSignedIn} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    post(callback('success', 'ok', TICKET));
    expect(await screen.findByText('Signing in failed, please try again.')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('shows nothing when the server has no provider of this build configured', async () => {
    stubApi().answer(listOAuthProvidersRoute, { data: [{ provider: 'weixin', can_close: true }] });
    const { queryClient } = await renderInLanguage(<ThirdPartySignIn onSignedIn={vi.fn()} />);
    await waitFor(() => expect(queryClient.getQueryState(['oauth', 'providers'])?.status).toBe('success'));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('or continue with')).toBeNull();
  });
});
