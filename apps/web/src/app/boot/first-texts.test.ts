import { afterEach, describe, expect, it } from 'vitest';
import { namespaces } from '../../lib/i18n/resources';
import { clearSession, saveSession } from '../../lib/session';
import { firstTexts } from './first-texts';

const at = (host: string, path: string) => {
  const url = new URL(`http://${host}${path}`);
  return { host: url.host, pathname: url.pathname, search: url.search };
};

afterEach(() => clearSession());

describe('the texts of the first render', () => {
  it('are in the address’s language, else the build’s, with the first screen’s own namespace', () => {
    expect(firstTexts(at('account.example.cn', '/order'))).toMatchObject({ language: 'zh' });
    expect(firstTexts(at('account.example.com', '/order?lang=de')).language).toBe('de');
    const order = firstTexts(at('account.example.com', '/order')).namespaces;
    expect(order).toContain('order');
    expect(order).not.toContain('devices');
    expect(firstTexts(at('account.example.com', '/nowhere')).namespaces).toContain('account');
  });

  it('are those of the screen `to` opens, as a desktop client opens a screen (spec 01 §2)', () => {
    for (const region of ['account.example.cn', 'account.example.com']) {
      const order = firstTexts(at(region, '/?to=order&from=maxPC')).namespaces;
      expect(order).toContain('order');
      expect(order).not.toContain('account');
      expect(firstTexts(at(region, '/account?to=license')).namespaces).toContain('bind');
      // An unknown `to` leaves the visit on its path.
      expect(firstTexts(at(region, '/devices?to=nowhere')).namespaces).toContain('devices');
    }
  });

  it('leave out the page’s own texts, which index.html carries before any script runs', () => {
    expect(namespaces).not.toContain('boot');
    expect(firstTexts(at('account.example.com', '/account')).namespaces).not.toContain('boot');
    expect(firstTexts(at('account.example.cn', '/order')).namespaces).toEqual(
      expect.arrayContaining(['common', 'shell', 'errors', 'order']),
    );
  });

  it('leave sign-in’s texts to a visitor who is not signed in', () => {
    expect(firstTexts(at('account.example.com', '/account')).namespaces).toContain('auth');
    saveSession({ user_id: 7, token: 't', refresh_token: 'r', expires_in: 900 });
    expect(firstTexts(at('account.example.com', '/account')).namespaces).not.toContain('auth');
    clearSession();
    // A desktop client's one-time credential signs the visitor in too.
    expect(firstTexts(at('account.example.com', '/account?custom=abc')).namespaces).not.toContain('auth');
  });
});
