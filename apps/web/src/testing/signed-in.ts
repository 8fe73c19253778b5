import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { clearSession, saveSession } from '../lib/session';

/**
 * A screen's tests as a signed-in user sees them: a session before each test; after each, the
 * page, the session, a desktop client's host object, stubbed globals and the language put back.
 */
export function signedInForEachTest(userId: number): void {
  beforeEach(() => {
    saveSession({ user_id: userId, token: `token-${userId}`, refresh_token: `refresh-${userId}`, expires_in: 900 });
  });
  afterEach(async () => {
    cleanup();
    clearSession();
    delete window.AccountCentreHost;
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });
}
