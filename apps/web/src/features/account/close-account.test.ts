import { notifications } from '@mantine/notifications';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyHome } from '../../lib/site-links';
import { resetBuildContextForTests } from '../../lib/build-context';
import { HOST_CHANNEL } from '../../lib/host-bridge';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { resetLanguage } from '../../testing/render';
import { getSession, saveSession } from '../../lib/session';
import { CLOSE_SUCCESS_TOAST_MS, REDIRECT_AFTER_CLOSE_MS, finishAccountClose } from './close-account';

const toasts = () =>
  vi.mocked(notifications.show).mock.calls.map(([toast]) => ({ message: toast.message, autoClose: toast.autoClose }));

/** Opens the app at an address (the build context is read from it), optionally inside a client. */
function openAt(search: string, host?: { postMessage: (json: string) => void }) {
  window.history.replaceState(null, '', `/account${search}`);
  if (host) window.AccountCentreHost = host;
  resetBuildContextForTests();
}

let replace: MockInstance<Location['replace']>;
let clean: MockInstance<typeof notifications.clean>;

beforeEach(async () => {
  await initI18n('en');
  saveSession({ user_id: 42, token: 'token-42', refresh_token: 'refresh-42', expires_in: 900 });
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  clean = vi.spyOn(notifications, 'clean').mockImplementation(() => {});
  replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  vi.useFakeTimers();
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.AccountCentreHost;
  window.history.replaceState(null, '', '/');
  resetBuildContextForTests();
  await resetLanguage();
});

describe('after an account is closed', () => {
  it('drops the session, shows the success toast and the tip, and goes home after 3 s', () => {
    // The test page is on a development port: the domestic build.
    openAt('?lang=en');
    finishAccountClose();
    expect(getSession()).toBeNull();
    expect(clean).toHaveBeenCalledBefore(vi.mocked(notifications.show));
    expect(toasts()).toEqual([
      { message: 'Account closed', autoClose: CLOSE_SUCCESS_TOAST_MS },
      // The tip stays until the page moves on.
      { message: 'You will be taken to our home page in 3 s', autoClose: false },
    ]);
    expect(CLOSE_SUCCESS_TOAST_MS).toBe(1500);

    vi.advanceTimersByTime(REDIRECT_AFTER_CLOSE_MS - 1);
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace).toHaveBeenCalledOnce();
    expect(replace).toHaveBeenCalledWith('https://www.example.cn/');
  });

  it('tells a desktop client to sign out', () => {
    const postMessage = vi.fn();
    openAt('?from=mindmaster', { postMessage });
    finishAccountClose();
    expect(postMessage.mock.calls.map(([json]) => JSON.parse(String(json)) as unknown)).toEqual([
      { channel: HOST_CHANNEL, type: 'signOut', payload: {} },
    ]);
    expect(getSession()).toBeNull();
  });

  it('sends no message outside a desktop client', () => {
    const postMessage = vi.fn();
    openAt('', { postMessage });
    finishAccountClose();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('writes the tip in the language shown', async () => {
    openAt('?lang=de');
    await changeLanguage('de');
    finishAccountClose();
    expect(toasts().map((toast) => toast.message)).toEqual([
      'Konto gelöscht',
      'In 3 s werden Sie zu unserer Startseite weitergeleitet',
    ]);
  });
});

describe('the company home', () => {
  const env = {};
  it('is the Chinese site in the domestic build, whatever the language', () => {
    expect(companyHome('domestic', 'zh', env)).toBe('https://www.example.cn/');
    expect(companyHome('domestic', 'en', env)).toBe('https://www.example.cn/');
  });

  it('is the international site in the language overseas', () => {
    expect(companyHome('overseas', 'en', env)).toBe('https://www.example.com/');
    expect(companyHome('overseas', 'de', env)).toBe('https://www.example.com/de/');
    expect(companyHome('overseas', 'zh', env)).toBe('https://www.example.com/');
  });

  it('follows the deployment’s site addresses', () => {
    const sites = { VITE_SITE_URL_DOMESTIC: 'https://cn.example.org/', VITE_SITE_URL_OVERSEAS: 'https://example.org' };
    expect(companyHome('domestic', 'zh', sites)).toBe('https://cn.example.org/');
    expect(companyHome('overseas', 'fr', sites)).toBe('https://example.org/fr/');
  });
});
