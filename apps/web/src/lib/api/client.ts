import {
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
  REFRESH_COOKIE_HEADER,
  buildPath,
  refreshRoute,
} from '@account-centre/contract';
import { type StoredSession, clearSession, getSession, saveSession, subscribeSession } from '../session';
import { ApiError, errorI18nKey, networkError } from './api-error';

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call sends: `params`, `query` and `body` are required exactly when the route has them. */
export type ApiCallOptions<R extends RouteDef> = Part<'params', RouteParams<R>> &
  Part<'query', RouteQuery<R>> &
  Part<'body', RouteBody<R>> & {
    signal?: AbortSignal;
    /** Extra headers, e.g. `Idempotency-Key` for writes that move money or points. */
    headers?: Record<string, string>;
  };

type OptionsArgument<R extends RouteDef> =
  object extends ApiCallOptions<R> ? [options?: ApiCallOptions<R>] : [options: ApiCallOptions<R>];

export interface ApiClientConfig {
  /** Prefix of every path; empty for the same origin. */
  baseUrl: string;
  /**
   * Called once when the session ended because it could not be refreshed: the app reopens
   * sign-in, or tells the desktop client to sign out (spec 01 §4).
   */
  onSessionEnded: () => void;
  /**
   * This page asks the server to keep its refresh token in an HttpOnly cookie (every call
   * carries `X-Refresh-Cookie: 1`, docs/decisions/016): on when the page is the top-level
   * document. A frame of another site cannot use a SameSite=Strict cookie, so there the
   * refresh token stays in the answer, as desktop clients have it.
   */
  refreshCookie: boolean;
}

const config: ApiClientConfig = { baseUrl: '', onSessionEnded: () => {}, refreshCookie: false };

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  Object.assign(config, next);
}

/** Refresh this long before the access token's expiry, so a call does not race it. */
const EXPIRY_MARGIN_MS = 5_000;

/**
 * Calls a contract route and returns its success answer, typed from the route's schemas.
 * Credentials go with every call (the session's Bearer token, and cookies). A 401 on a call
 * that carried a token waits for one refresh shared by all the calls that failed with the
 * same token, then each retries once; a failure comes back as an ApiError.
 */
export function apiCall<R extends RouteDef>(route: R, ...[options]: OptionsArgument<R>): Promise<RouteReply<R>> {
  return authorised(route, (options ?? {}) as ApiCallOptions<R>, false);
}

/**
 * As apiCall, for code generic over its route (a write any route may be, a read of a family of
 * routes), where the options' parts cannot be told apart by the route's type.
 */
export function callRoute<R extends RouteDef>(route: R, options: ApiCallOptions<R>): Promise<RouteReply<R>> {
  return authorised(route, options, false);
}

/**
 * As apiCall, for a route whose success answer is not JSON (an event stream): the response is
 * given unread. It goes through the same credentials and refresh, so a stream is never the one
 * request that signs the user out for an expired token.
 */
export function apiResponse<R extends RouteDef>(route: R, options: ApiCallOptions<R>): Promise<Response> {
  return authorised(route, options, true) as Promise<unknown> as Promise<Response>;
}

async function authorised<R extends RouteDef>(route: R, opts: ApiCallOptions<R>, raw: boolean) {
  let session = getSession();
  if (session && refreshable(session) && session.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
    // Known to be expired: refresh first rather than spend a request on a certain 401.
    session = await refreshedSession(session.token);
  }
  try {
    return await send(route, opts, session, raw);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !session) throw error;
    const renewed = await refreshedSession(session.token);
    if (!renewed) throw error;
    return send(route, opts, renewed, raw);
  }
}

/**
 * A page signed in before the refresh cookie holds its refresh token in storage, where any
 * script of the page can read it. Spends it once, now, for a pair whose refresh token is the
 * cookie; the stored one is dropped with the answer. Offline, the next refresh does it.
 */
export async function adoptRefreshCookie(): Promise<void> {
  const session = getSession();
  if (!config.refreshCookie || !session?.refreshToken) return;
  try {
    await refreshedSession(session.token);
  } catch {
    // Not reached: the stored token stays until the next refresh, which moves it the same way.
  }
}

function refreshable(session: StoredSession): boolean {
  return session.refreshToken !== '' || session.refreshCookie === true;
}

const COOKIE_FORM = { [REFRESH_COOKIE_HEADER]: '1' } as const;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The language tag of the page (`<html lang>`, kept by the i18n layer), empty before it is set. */
const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang);

type Envelope = { status: 'success' | 'error'; code: number; msg: string; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const { status, code, msg } = value as Record<string, unknown>;
  return (status === 'success' || status === 'error') && typeof code === 'number' && typeof msg === 'string';
}

async function send<R extends RouteDef>(
  route: R,
  options: ApiCallOptions<R>,
  session: StoredSession | null,
  raw?: boolean,
): Promise<RouteReply<R>> {
  const url =
    config.baseUrl +
    buildPath(route.path, (options.params ?? {}) as Record<string, string | number>) +
    queryString(options.query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The page's language, not the browser's: the server writes messages, e-mails and operators'
    // texts in it (docs/decisions/058). `<html lang>` follows every language switch.
    ...(pageLanguage() ? { 'Accept-Language': pageLanguage() } : {}),
    ...(config.refreshCookie ? COOKIE_FORM : {}),
    ...options.headers,
  };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const payloadBody: unknown = options.body;
  let body: BodyInit | undefined;
  if (payloadBody instanceof FormData) {
    body = payloadBody; // the browser writes the multipart boundary itself
  } else if (payloadBody !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payloadBody);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    // A cancelled call is not a failure to report (TanStack Query cancels on unmount).
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (raw && response.ok) return response as never;

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON: a proxy's error page, an empty answer. Reported below as a generic failure.
  }
  if (isEnvelope(payload)) {
    if (payload.status === 'success' && response.ok) return payload as RouteReply<R>;
    if (payload.status === 'error') {
      throw new ApiError(
        response.status,
        payload.code,
        payload.msg,
        errorI18nKey(payload.code, payload.msg),
        payload.data,
      );
    }
  }
  throw new ApiError(response.status, 0, '', 'errors:generic');
}

let pendingRefresh: Promise<StoredSession | null> | null = null;

/**
 * A session whose token is newer than `staleToken`: the current one when another call or tab
 * has already refreshed, otherwise the result of the one refresh this tab runs for everyone
 * waiting. Null when the session has ended.
 */
function refreshedSession(staleToken: string): Promise<StoredSession | null> {
  const current = getSession();
  if (!current) return Promise.resolve(null);
  if (current.token !== staleToken) return Promise.resolve(current);
  if (!pendingRefresh) {
    pendingRefresh = acrossTabs((contended) => refresh(staleToken, contended)).finally(() => {
      pendingRefresh = null;
    });
  }
  return pendingRefresh;
}

const REFRESH_LOCK = 'account-centre.session-refresh';

/**
 * Runs `task` while holding a lock that every tab of this origin shares, so that tabs whose
 * tokens expired together spend one refresh token once. `task` learns whether another tab
 * held the lock first. The Web Locks API exists in secure contexts only; elsewhere tabs may
 * refresh side by side, which the server tolerates within its grace window for a rotated
 * refresh token.
 */
async function acrossTabs<T>(task: (contended: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(false);
  const immediate = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? { value: await task(false) } : null,
  );
  if (immediate) return immediate.value;
  return locks.request(REFRESH_LOCK, () => task(true));
}

/** How long to wait for another tab's refreshed session to reach this tab's storage. */
const OTHER_TAB_WRITE_MS = 1_000;

/**
 * Another tab held the refresh lock, so it has most likely just refreshed; but browsers pass
 * localStorage writes between tabs asynchronously, so its new session may reach this tab a
 * moment after the lock does. Wait for it (briefly) rather than spend the refresh token again.
 */
function sessionNewerThan(staleToken: string): Promise<StoredSession | null> {
  return new Promise((resolve) => {
    const finish = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve(getSession());
    };
    const unsubscribe = subscribeSession(() => {
      if (getSession()?.token !== staleToken) finish();
    });
    const timer = setTimeout(finish, OTHER_TAB_WRITE_MS);
  });
}

async function refresh(staleToken: string, contended: boolean): Promise<StoredSession | null> {
  // Re-read inside the lock: another tab may have refreshed or signed out meanwhile.
  let current = getSession();
  if (contended && current?.token === staleToken) current = await sessionNewerThan(staleToken);
  if (!current) return null;
  if (current.token !== staleToken) return current;
  if (!refreshable(current)) {
    endSession();
    return null;
  }
  // A token held here goes in the body (once, if this page now uses the cookie: the answer
  // brings the cookie in its place); otherwise the browser sends the cookie, which the server
  // reads only with the header.
  const request = current.refreshToken
    ? { body: { refresh_token: current.refreshToken } }
    : { body: {}, headers: COOKIE_FORM };
  try {
    const reply = await send(refreshRoute, request, null);
    // The user may have signed out (or in as someone else) while the refresh was on its way.
    const latest = getSession();
    if (!latest || latest.userId !== reply.data.user_id) return latest;
    saveSession(reply.data);
    return getSession();
  } catch (error) {
    // Only the server's refusal ends the session; being offline or a server fault does not.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      endSession();
      return null;
    }
    throw error;
  }
}

function endSession() {
  clearSession();
  config.onSessionEnded();
}
