import { useSyncExternalStore } from 'react';

/** The signed-in user's credentials, as kept in this browser. */
export type StoredSession = {
  userId: number;
  token: string;
  /**
   * A refresh token this page holds itself: the body form, used in a frame of another site
   * (where the cookie cannot go), handed over by a host, or kept by a page signed in before
   * the refresh cookie. Empty otherwise.
   */
  refreshToken: string;
  /**
   * Set when the server keeps the refresh token in an HttpOnly cookie of this browser, where
   * no script can read it (docs/decisions/016). Neither this nor a refreshToken: a credential
   * from a host that keeps its own refresh token.
   */
  refreshCookie?: true;
  /** When the access token stops working, in ms since the epoch. */
  expiresAt: number;
};

/**
 * The shape of every sign-in answer of the API (`SignInResult` in the contract). Without
 * `refresh_token`, the server set it as the refresh cookie.
 */
export type SignInResultLike = { user_id: number; token: string; refresh_token?: string; expires_in: number };

/** localStorage, so every tab of the account centre shares one session (spec 01 §4). */
export const SESSION_STORAGE_KEY = 'account-centre.session';

type Listener = () => void;
const listeners = new Set<Listener>();

// useSyncExternalStore needs the same object back while nothing changed, so the parsed value
// is cached against the raw string it came from.
let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

// When the browser refuses localStorage (privacy settings, sandboxed frames, a full quota) the
// session lives in memory for this page only, rather than not at all.
let memoryOnly = false;
let memoryRaw: string | null = null;

function readRaw(): string | null {
  if (memoryOnly || typeof window === 'undefined') return memoryRaw;
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    memoryOnly = true;
    return memoryRaw;
  }
}

function writeRaw(raw: string | null): void {
  memoryRaw = raw;
  if (memoryOnly || typeof window === 'undefined') return;
  try {
    if (raw === null) window.localStorage.removeItem(SESSION_STORAGE_KEY);
    else window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
  } catch {
    memoryOnly = true;
  }
}

function parse(raw: string): StoredSession | null {
  try {
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (
      value &&
      typeof value.userId === 'number' &&
      Number.isInteger(value.userId) &&
      value.userId > 0 &&
      typeof value.token === 'string' &&
      value.token !== '' &&
      typeof value.refreshToken === 'string' &&
      typeof value.expiresAt === 'number'
    ) {
      const session: StoredSession = {
        userId: value.userId,
        token: value.token,
        refreshToken: value.refreshToken,
        expiresAt: value.expiresAt,
      };
      if (value.refreshCookie === true) session.refreshCookie = true;
      return session;
    }
  } catch {
    // A damaged entry reads as signed out rather than breaking the app.
  }
  return null;
}

export function getSession(): StoredSession | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = raw === null ? null : parse(raw);
  }
  return cachedSession;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Stores the answer of a sign-in, refresh or ticket exchange. */
export function saveSession(result: SignInResultLike): void {
  const session: StoredSession = {
    userId: result.user_id,
    token: result.token,
    refreshToken: result.refresh_token ?? '',
    expiresAt: Date.now() + result.expires_in * 1000,
  };
  if (result.refresh_token === undefined) session.refreshCookie = true;
  writeRaw(JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  writeRaw(null);
  notify();
}

/**
 * Calls `listener` whenever the session changes, in this tab or in another one (the storage
 * event fires only in the other tabs of the same origin).
 */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session; the caller re-renders when it changes, here or in another tab. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
