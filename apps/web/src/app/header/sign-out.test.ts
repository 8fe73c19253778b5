import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, saveSession } from '../../lib/session';
import { CommonErrors, logoutRoute } from '@account-centre/contract';
import { failWith, stubApi } from '../../testing/api';
import { addressAfterSignOut, signOut } from './sign-out';

const session = {
  user_id: 7,
  token: 'access-token-1234567890',
  refresh_token: 'refresh-token-1234567890',
  expires_in: 900,
};

function fakeLocation(href: string) {
  return { href, replace: vi.fn(), reload: vi.fn() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the address after sign-out', () => {
  it('keeps the language of the lang parameter', () => {
    expect(addressAfterSignOut('https://account.example.com/order?lang=de&tend=max', 'overseas')).toBe(
      'https://account.example.com/order?lang=de&tend=max',
    );
    expect(addressAfterSignOut('https://account.example.cn/account?lang=cn', 'domestic')).toBe(
      'https://account.example.cn/account?lang=zh',
    );
  });

  it('adds the build language when the address has none', () => {
    expect(addressAfterSignOut('https://account.example.com/devices', 'overseas')).toBe(
      'https://account.example.com/devices?lang=en',
    );
    expect(addressAfterSignOut('https://account.example.cn/account?pid=3', 'domestic')).toBe(
      'https://account.example.cn/account?pid=3&lang=zh',
    );
  });
});

describe('signOut', () => {
  it('ends the session on the server and here, then reloads in the language', async () => {
    saveSession(session);
    const api = stubApi().answer(logoutRoute, { data: null });
    const location = fakeLocation('https://account.example.com/order');
    await signOut('overseas', location);
    expect(api.calls.map((call) => call.line)).toEqual(['POST /api/auth/logout']);
    expect(api.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(getSession()).toBeNull();
    expect(location.replace).toHaveBeenCalledWith('https://account.example.com/order?lang=en');
  });

  it('reloads the same address when it already names the language', async () => {
    saveSession(session);
    stubApi().answer(logoutRoute, { data: null });
    const location = fakeLocation('https://account.example.cn/account?lang=zh');
    await signOut('domestic', location);
    expect(location.reload).toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('signs this browser out even when the server refuses or cannot be reached', async () => {
    saveSession(session);
    stubApi().answer(logoutRoute, failWith(CommonErrors.internal));
    await signOut('overseas', fakeLocation('https://account.example.com/'));
    expect(getSession()).toBeNull();

    saveSession(session);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const location = fakeLocation('https://account.example.com/');
    await signOut('overseas', location);
    expect(getSession()).toBeNull();
    expect(location.replace).toHaveBeenCalled();
  });
});
