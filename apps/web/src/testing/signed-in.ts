import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, saveSession } from '../lib/session';
import { resetLanguage } from './render';

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
    await resetLanguage();
  });
}

/**
 * Toasts caught instead of shown in each test (`shownToasts` reads them); after each test every
 * spy of the file is restored.
 */
export function catchToastsForEachTest(): void {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
