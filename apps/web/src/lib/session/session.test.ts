import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, clearSession, getSession, saveSession, useSession } from './session';

const result = { user_id: 7, token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 };

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('session', () => {
  it('stores a sign-in answer with its expiry as a time', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    saveSession(result);
    expect(getSession()).toEqual({ userId: 7, token: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_900_000 });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ userId: 7 });
  });

  it('stores an answer whose refresh token the server set as a cookie without any refresh token', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    saveSession({ user_id: 7, token: 'access-1', expires_in: 900 });
    const stored = { userId: 7, token: 'access-1', refreshToken: '', refreshCookie: true, expiresAt: 1_900_000 };
    expect(getSession()).toEqual(stored);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(stored);
  });

  it('reads an entry stored before the refresh cookie as a session that holds its refresh token', () => {
    const before = { userId: 7, token: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_900_000 };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(before));
    expect(getSession()).toEqual(before);
  });

  it('returns the same object while nothing changed', () => {
    saveSession(result);
    expect(getSession()).toBe(getSession());
  });

  it('reads a damaged entry as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"userId":"seven"}');
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(getSession()).toBeNull();
  });

  it('forgets the session on clear', () => {
    saveSession(result);
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('re-renders its users when the session changes in this tab', () => {
    const { result: hook } = renderHook(() => useSession());
    expect(hook.current).toBeNull();
    act(() => saveSession(result));
    expect(hook.current?.userId).toBe(7);
    act(() => clearSession());
    expect(hook.current).toBeNull();
  });

  it('re-renders its users when another tab signs in or out', () => {
    const { result: hook } = renderHook(() => useSession());
    const stored = JSON.stringify({ userId: 9, token: 't', refreshToken: 'r', expiresAt: Date.now() + 1000 });
    act(() => {
      // What another tab does: write the storage, and this tab gets a storage event.
      localStorage.setItem(SESSION_STORAGE_KEY, stored);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: stored }));
    });
    expect(hook.current?.userId).toBe(9);
    act(() => {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    });
    expect(hook.current).toBeNull();
  });
});
