import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLaunchParams } from '../lib/build-context';
import { clearSession, encodeCustomCredential, getSession } from '../lib/session';
import { launchAddress, signInWithCustomCredential } from './launch';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const address = (pathname: string, search: string, hash = '') => launchAddress({ pathname, search, hash });

describe('the launch address', () => {
  it('opens the screen named by `to` once, keeping the other parameters', () => {
    expect(address('/', '?lang=de&to=order&from=maxPC')).toBe('/order?lang=de&from=maxPC');
  });

  it('drops an unknown `to` and stays where it is', () => {
    expect(address('/devices', '?to=nowhere')).toBe('/devices');
  });

  it('removes `custom` from the address', () => {
    expect(address('/account', '?custom=abc&lang=en', '#top')).toBe('/account?lang=en#top');
  });

  it('leaves an address without one-time parameters alone', () => {
    expect(address('/account', '?lang=en')).toBeNull();
  });
});

describe('signing in with `custom`', () => {
  it('exchanges a one-time ticket for a session', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: { user_id: 8, token: 'tok', refresh_token: 'ref', expires_in: 900 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const custom = encodeCustomCredential({ user_id: 8, ticket: 'ticket-value-123456' });
    await expect(
      signInWithCustomCredential(readLaunchParams({ search: `?custom=${encodeURIComponent(custom)}` })),
    ).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/ticket/exchange', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ ticket: 'ticket-value-123456' });
    expect(getSession()).toMatchObject({ userId: 8, token: 'tok', refreshToken: 'ref' });
  });

  it('uses a handed-over token as the session, without a refresh token', async () => {
    const custom = encodeCustomCredential({ user_id: 9, token: 'host-token' });
    await signInWithCustomCredential(readLaunchParams({ search: `?custom=${custom}` }));
    expect(getSession()).toMatchObject({ userId: 9, token: 'host-token', refreshToken: '' });
  });

  it('returns why a used ticket did not sign in, and stays signed out', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ status: 'error', code: 0, msg: 'only once' }, { status: 400 }));
    const custom = encodeCustomCredential({ user_id: 8, ticket: 'used-ticket-123456' });
    const error = await signInWithCustomCredential(readLaunchParams({ search: `?custom=${custom}` }));
    expect(error).toMatchObject({ i18nKey: 'errors:server.ticketUsed' });
    expect(getSession()).toBeNull();
  });
});
