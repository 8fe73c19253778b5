import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePopupMessage, runIdentityFlow } from './popup';

const message = {
  type: 'account-centre:oauth',
  provider: 'google',
  purpose: 'bind',
  status: 'success',
  msg: 'ok',
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the callback page’s message', () => {
  it('is read only in the shape the server posts', () => {
    expect(parsePopupMessage(message)).toEqual(message);
    expect(parsePopupMessage({ ...message, purpose: null, status: 'error', msg: 'invalid state' })).toMatchObject({
      purpose: null,
    });
    // A sign-in's message carries the login ticket the opener exchanges for a session.
    const signedIn = { ...message, purpose: 'sign-in', ticket: 'one-time-ticket' };
    expect(parsePopupMessage(signedIn)).toEqual(signedIn);
    expect(parsePopupMessage(message)).not.toHaveProperty('ticket');
    for (const broken of [
      null,
      'account-centre:oauth',
      { ...message, type: 'other' },
      { ...message, provider: 'myspace' },
      { ...message, purpose: 'delete' },
      { ...message, status: 'done' },
      { ...message, msg: 3 },
      { ...message, purpose: 'sign-in', ticket: 42 },
    ]) {
      expect(parsePopupMessage(broken)).toBeNull();
    }
  });
});

describe('a popup flow', () => {
  const popupWindow = () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    return popup;
  };

  it('closes the popup when the server refuses to start', async () => {
    const popup = popupWindow();
    const refusal = new Error('bind from pc');
    await expect(runIdentityFlow('google', 'browser', () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(popup.close).toHaveBeenCalled();
  });

  it('ends as closed when the user closes the popup, after a grace for a late message', async () => {
    vi.useFakeTimers();
    const popup = popupWindow();
    let result: unknown = null;
    void runIdentityFlow('google', 'browser', async () => 'https://accounts.example/auth').then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(popup.location.href).toBe('https://accounts.example/auth');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(600);
    expect(result).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(result).toEqual({ kind: 'closed' });
  });

  it('is blocked when the browser opens no window, and asks the server for nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const start = vi.fn(async () => 'https://accounts.example/auth');
    expect(await runIdentityFlow('google', 'browser', start)).toEqual({ kind: 'blocked' });
    expect(start).not.toHaveBeenCalled();
  });
});
