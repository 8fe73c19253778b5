import {
  AccountErrorCode,
  AuthErrors,
  CommonErrors,
  OrderErrors,
  createTicketRoute,
  checkoutEventsRoute,
  devOutboxRoute,
  getUserRoute,
  loginRoute,
} from '@account-centre/contract';
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../testing/test-user';
import { clearSession, getSession, saveSession } from '../session';
import { ApiError, errorI18nKey, errorKey } from './api-error';
import { adoptRefreshCookie, apiCall, apiResponse, configureApiClient } from './client';

/** The msgs the stubbed server answers with, from the error catalogue. */
const ServerMsg = {
  tooFrequent: CommonErrors.tooFrequent.msg,
  invalidRequest: CommonErrors.invalidRequest.msg,
  tokenExpired: CommonErrors.tokenExpired.msg,
  invalidRefreshToken: AuthErrors.invalidRefreshToken.msg,
};

type Handler = (request: Request) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { status: 'success', code: 0, msg: 'ok', data });
const fail = (status: number, msg: string, code = 0) => json(status, { status: 'error', code, msg });

const user = (id: number) => testUser({ user_id: id, email: null, language: null, created_at: 0 });

let requests: Request[];
let sessionEnded: Mock<() => void>;

function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), 'http://account.example.com'), init);
      requests.push(request.clone());
      return handler(request);
    }),
  );
}

beforeEach(() => {
  requests = [];
  sessionEnded = vi.fn<() => void>();
  configureApiClient({ onSessionEnded: sessionEnded, refreshCookie: false });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('error keys', () => {
  it('name the catalogue entry of the msg and code', () => {
    // A sign-up refused for a weak password comes with the password code (2), whose own text
    // is "account or password incorrect": the entry says what is wrong.
    expect(errorI18nKey(AccountErrorCode.password, 'weak password')).toBe(AuthErrors.weakPassword.key);
    expect(errorI18nKey(AccountErrorCode.tooFrequent, 'too frequent')).toBe('errors:account.tooFrequent');
    expect(errorI18nKey(AccountErrorCode.phoneUsed, 'account exists')).toBe('errors:account.phoneUsed');
    expect(errorI18nKey(AccountErrorCode.emailUsed, 'account exists')).toBe('errors:account.emailUsed');
    expect(errorI18nKey(AccountErrorCode.account, 'invalid request')).toBe('errors:account.account');
    expect(errorI18nKey(AccountErrorCode.auth, 'only once')).toBe('errors:server.ticketUsed');
    expect(errorI18nKey(0, 'token expired')).toBe('errors:server.tokenExpired');
  });

  it('name the account error of a code no entry has with that msg', () => {
    expect(errorI18nKey(AccountErrorCode.password, 'rate limited')).toBe('errors:account.password');
    expect(errorI18nKey(AccountErrorCode.account, 'only once')).toBe('errors:account.account');
    expect(errorI18nKey(17, 'something new')).toBe('errors:account.unknown');
  });

  it('read a [code-N] marker when the code is 0', () => {
    expect(errorI18nKey(0, 'phone taken [code-7]')).toBe('errors:account.phoneUsed');
  });

  it('name an entry by its msg alone when there is no code', () => {
    expect(errorI18nKey(0, 'too frequent')).toBe('errors:account.tooFrequent');
    expect(errorI18nKey(0, 'only once')).toBe('errors:server.ticketUsed');
    expect(errorI18nKey(0, 'account or password incorrect')).toBe('errors:account.password');
  });

  it('read the screen’s own domains before the shared failures', () => {
    // `only once` of an invoice is "a receipt was already requested", not a used sign-in code.
    expect(errorKey({ code: 0, msg: 'only once' }, [OrderErrors])).toBe(OrderErrors.invoiceExists.key);
    expect(errorKey({ code: 0, msg: 'not exists' }, [OrderErrors])).toBe(OrderErrors.orderNotFound.key);
    // The sign-in code's own entry still wins where its code says so.
    expect(errorKey({ code: AccountErrorCode.timeout, msg: 'only once' }, [OrderErrors])).toBe(AuthErrors.codeUsed.key);
  });

  it('fall back to the generic error', () => {
    expect(errorI18nKey(0, 'something new')).toBe('errors:generic');
  });
});

describe('apiCall', () => {
  it('fills the path, adds the query, sends the session token and cookies, and returns the answer', async () => {
    saveSession({ user_id: 5, token: 'tok-5', refresh_token: 'ref-5', expires_in: 900 });
    serve(() => ok(user(5)));
    const reply = await apiCall(getUserRoute, { params: { userId: 5 } });
    expect(reply.data.nick_name).toBe('Ada');
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe('/api/user/5');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-5');
    expect(request?.credentials).toBe('include');
    const fetchInit = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(fetchInit?.credentials).toBe('include');
  });

  it('names the page’s language, not the browser’s, so the server writes its texts in it', async () => {
    serve(() => ok(user(5)));
    document.documentElement.lang = 'ja';
    try {
      await apiCall(getUserRoute, { params: { userId: 5 } });
    } finally {
      document.documentElement.lang = '';
    }
    expect(requests[0]?.headers.get('Accept-Language')).toBe('ja');
  });

  it('sends a JSON body and query values', async () => {
    serve(() => ok([]));
    await apiCall(devOutboxRoute, { query: { to: 'a@b.com', limit: 5 } });
    expect(new URL(requests[0]?.url ?? '').search).toBe('?to=a%40b.com&limit=5');
    serve(() => ok({ user_id: 1, token: 't', refresh_token: 'r', expires_in: 60 }));
    await apiCall(loginRoute, { body: { account: 'a@b.com', password: 'secret' } });
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[1]?.json()).toEqual({ account: 'a@b.com', password: 'secret' });
  });

  it('turns an error envelope into an ApiError with its i18n key', async () => {
    serve(() => fail(429, ServerMsg.tooFrequent, AccountErrorCode.tooFrequent));
    const error = await apiCall(loginRoute, { body: { account: 'a@b.com', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 5, msg: 'too frequent', i18nKey: 'errors:account.tooFrequent' });
  });

  it('reports an answer that is not an envelope as the generic error', async () => {
    serve(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiCall(createTicketRoute)).rejects.toMatchObject({ status: 502, i18nKey: 'errors:generic' });
  });

  it('reports an unreachable server as the network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiCall(createTicketRoute)).rejects.toMatchObject({ status: 0, i18nKey: 'errors:network' });
  });

  it('lets a cancelled call be cancelled', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(apiCall(createTicketRoute)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('an expired access token', () => {
  /** A server whose valid token is `current`; refresh rotates to `fresh-N`. */
  function tokenServer(options: { refreshDelayMs?: number; refreshFails?: boolean } = {}) {
    let current = 'fresh-0';
    let refreshes = 0;
    serve(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 0));
        if (options.refreshFails) return fail(401, ServerMsg.invalidRefreshToken);
        const body = (await request.json()) as { refresh_token: string };
        if (body.refresh_token !== 'ref-1') return fail(401, ServerMsg.invalidRefreshToken);
        current = `fresh-${refreshes}`;
        return ok({ user_id: 5, token: current, refresh_token: `ref-${refreshes + 1}`, expires_in: 900 });
      }
      if (request.headers.get('Authorization') !== `Bearer ${current}`) return fail(401, ServerMsg.tokenExpired);
      return ok(user(5));
    });
    return {
      refreshes: () => refreshes,
      /** Another tab refreshed: the server and this tab's storage get its new session. */
      rotateElsewhere: () => {
        current = 'from-other-tab';
        saveSession({ user_id: 5, token: current, refresh_token: 'ref-2', expires_in: 900 });
      },
    };
  }

  beforeEach(() => {
    saveSession({ user_id: 5, token: 'stale', refresh_token: 'ref-1', expires_in: 900 });
  });

  it('is refreshed once for three calls waiting together, and each call is retried once', async () => {
    const server = tokenServer({ refreshDelayMs: 20 });
    const replies = await Promise.all([1, 2, 3].map(() => apiCall(getUserRoute, { params: { userId: 5 } })));
    expect(replies.map((reply) => reply.data.user_id)).toEqual([5, 5, 5]);
    expect(server.refreshes()).toBe(1);
    const userCalls = requests.filter((request) => request.url.endsWith('/api/user/5'));
    expect(userCalls.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer stale',
      'Bearer stale',
      'Bearer stale',
      'Bearer fresh-1',
      'Bearer fresh-1',
      'Bearer fresh-1',
    ]);
    expect(getSession()).toMatchObject({ token: 'fresh-1', refreshToken: 'ref-2' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('is refreshed before the call when the session knows it has expired', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    saveSession({ user_id: 5, token: 'stale', refresh_token: 'ref-1', expires_in: 1 });
    vi.setSystemTime(10_000);
    const server = tokenServer();
    await apiCall(getUserRoute, { params: { userId: 5 } });
    vi.useRealTimers();
    expect(server.refreshes()).toBe(1);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/auth/refresh', '/api/user/5']);
  });

  it('ends the session once, for all waiting calls, when the refresh is refused', async () => {
    tokenServer({ refreshFails: true });
    const results = await Promise.allSettled([1, 2, 3].map(() => apiCall(getUserRoute, { params: { userId: 5 } })));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { status: 401, i18nKey: 'errors:server.tokenExpired' } });
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    serve((request) => {
      if (request.url.endsWith('/api/auth/refresh')) throw new TypeError('offline');
      return fail(401, ServerMsg.tokenExpired);
    });
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).rejects.toMatchObject({ i18nKey: 'errors:network' });
    expect(getSession()?.refreshToken).toBe('ref-1');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('is not retried a second time when the new token is refused too', async () => {
    serve((request) =>
      request.url.endsWith('/api/auth/refresh')
        ? ok({ user_id: 5, token: 'fresh', refresh_token: 'ref-2', expires_in: 900 })
        : fail(401, ServerMsg.tokenExpired),
    );
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).rejects.toMatchObject({ status: 401 });
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/user/5',
      '/api/auth/refresh',
      '/api/user/5',
    ]);
  });

  it('ends a session that has no refresh token (a token handed over by a host)', async () => {
    saveSession({ user_id: 5, token: 'handed', refresh_token: '', expires_in: 86_400 });
    tokenServer();
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).rejects.toMatchObject({ status: 401 });
    expect(requests.some((request) => request.url.endsWith('/api/auth/refresh'))).toBe(false);
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('uses a token another tab refreshed meanwhile instead of refreshing again', async () => {
    let served = 0;
    serve((request) => {
      if (request.url.endsWith('/api/auth/refresh')) return fail(401, ServerMsg.invalidRefreshToken);
      served += 1;
      if (served === 1) {
        // The other tab rotates the session while this call is on its way.
        saveSession({ user_id: 5, token: 'from-other-tab', refresh_token: 'ref-9', expires_in: 900 });
        return fail(401, ServerMsg.tokenExpired);
      }
      return request.headers.get('Authorization') === 'Bearer from-other-tab'
        ? ok(user(5))
        : fail(401, ServerMsg.tokenExpired);
    });
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).resolves.toMatchObject({ data: { user_id: 5 } });
    expect(requests.some((request) => request.url.endsWith('/api/auth/refresh'))).toBe(false);
  });

  it('waits for the session another tab refreshed while holding the lock, instead of refreshing again', async () => {
    // Web Locks as a browser gives them: another tab holds the refresh lock right now.
    let releaseOtherTab = () => {};
    const otherTabHolds = new Promise<void>((resolve) => (releaseOtherTab = resolve));
    let held: Promise<unknown> = otherTabHolds;
    const locks = {
      request: async (
        _name: string,
        optionsOrTask: { ifAvailable?: boolean } | ((lock: object | null) => Promise<unknown>),
        maybeTask?: (lock: object | null) => Promise<unknown>,
      ) => {
        const task = typeof optionsOrTask === 'function' ? optionsOrTask : maybeTask!;
        const ifAvailable = typeof optionsOrTask === 'object' && optionsOrTask.ifAvailable;
        if (ifAvailable) return task(null);
        await held;
        const run = task({});
        held = run.catch(() => {});
        return run;
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const server = tokenServer();
    const call = apiCall(getUserRoute, { params: { userId: 5 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The other tab finishes: it releases the lock, and its new session arrives in this tab's
    // storage only afterwards.
    releaseOtherTab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.rotateElsewhere();
    await expect(call).resolves.toMatchObject({ data: { user_id: 5 } });
    expect(server.refreshes()).toBe(0);
  });
});

describe('apiResponse', () => {
  const params = { userId: 5, outTradeNo: '20261127000000000001' };
  const stream = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });

  it('gives a successful answer unread, with the token and the headers asked for', async () => {
    saveSession({ user_id: 5, token: 'fresh', refresh_token: 'ref-1', expires_in: 900 });
    serve(() => stream('event: checkout\ndata: {}\n\n'));
    const response = await apiResponse(checkoutEventsRoute, { params, headers: { Accept: 'text/event-stream' } });
    expect(await response.text()).toBe('event: checkout\ndata: {}\n\n');
    expect(requests[0]?.url).toBe('http://account.example.com/api/user/5/pay/checkout/20261127000000000001/events');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer fresh');
    expect(requests[0]?.headers.get('Accept')).toBe('text/event-stream');
  });

  it('refreshes an expired token once and opens again, as apiCall does', async () => {
    saveSession({ user_id: 5, token: 'stale', refresh_token: 'ref-1', expires_in: 900 });
    serve((request) => {
      if (request.url.endsWith('/api/auth/refresh')) {
        return ok({ user_id: 5, token: 'fresh', refresh_token: 'ref-2', expires_in: 900 });
      }
      return request.headers.get('Authorization') === 'Bearer fresh'
        ? stream(': alive\n\n')
        : fail(401, ServerMsg.tokenExpired);
    });
    const response = await apiResponse(checkoutEventsRoute, { params });
    expect(await response.text()).toBe(': alive\n\n');
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/user/5/pay/checkout/20261127000000000001/events',
      '/api/auth/refresh',
      '/api/user/5/pay/checkout/20261127000000000001/events',
    ]);
  });

  it('turns a refusal into an ApiError, as apiCall does', async () => {
    serve(() => fail(404, 'checkout not exists'));
    await expect(apiResponse(checkoutEventsRoute, { params })).rejects.toMatchObject({
      status: 404,
      msg: 'checkout not exists',
    });
  });
});

describe('the refresh cookie', () => {
  /** A server that keeps the refresh token in its cookie: `cookie` is what the browser holds. */
  function cookieServer() {
    const state = { current: 'fresh-0', cookie: 'cookie-1', refreshes: 0 };
    serve(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refresh') {
        state.refreshes += 1;
        const body = (await request.json()) as { refresh_token?: string };
        const byCookie = body.refresh_token === undefined;
        // What the server checks: a body token, or the header that lets it read the cookie.
        if (byCookie && request.headers.get('X-Refresh-Cookie') !== '1') return fail(400, ServerMsg.invalidRequest);
        if (!byCookie && body.refresh_token !== 'legacy-ref') return fail(401, ServerMsg.invalidRefreshToken);
        state.current = `fresh-${state.refreshes}`;
        state.cookie = `cookie-${state.refreshes + 1}`;
        return ok({ user_id: 5, token: state.current, expires_in: 900 });
      }
      if (request.headers.get('Authorization') !== `Bearer ${state.current}`) return fail(401, ServerMsg.tokenExpired);
      return ok(user(5));
    });
    return state;
  }

  beforeEach(() => {
    configureApiClient({ refreshCookie: true });
  });

  it('is asked for on every call of a page that uses it, and a sign-in answer without a refresh token keeps none here', async () => {
    serve(() => ok({ user_id: 1, token: 't', expires_in: 60 }));
    const reply = await apiCall(loginRoute, { body: { account: 'a@b.com', password: 'secret' } });
    expect(requests[0]?.headers.get('X-Refresh-Cookie')).toBe('1');
    saveSession(reply.data);
    expect(getSession()).toMatchObject({ userId: 1, token: 't', refreshToken: '', refreshCookie: true });
    expect(localStorage.getItem('account-centre.session')).not.toMatch(/refresh_token|ref-/);
  });

  it('is not asked for by a page in a frame of another site, which keeps the body form', async () => {
    configureApiClient({ refreshCookie: false });
    serve(() => ok({ user_id: 1, token: 't', refresh_token: 'r', expires_in: 60 }));
    await apiCall(loginRoute, { body: { account: 'a@b.com', password: 'secret' } });
    expect(requests[0]?.headers.has('X-Refresh-Cookie')).toBe(false);
  });

  it('renews an expired session by the cookie: an empty body and the header, once for three waiting calls', async () => {
    saveSession({ user_id: 5, token: 'stale', expires_in: 900 });
    const server = cookieServer();
    const replies = await Promise.all([1, 2, 3].map(() => apiCall(getUserRoute, { params: { userId: 5 } })));
    expect(replies.map((reply) => reply.data.user_id)).toEqual([5, 5, 5]);
    expect(server.refreshes).toBe(1);
    const refresh = requests.find((request) => request.url.endsWith('/api/auth/refresh'));
    expect(await refresh?.json()).toEqual({});
    expect(refresh?.headers.get('X-Refresh-Cookie')).toBe('1');
    expect(refresh?.credentials).toBe('include');
    expect(getSession()).toMatchObject({ token: 'fresh-1', refreshToken: '', refreshCookie: true });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the server refuses the cookie', async () => {
    saveSession({ user_id: 5, token: 'stale', expires_in: 900 });
    serve((request) =>
      request.url.endsWith('/api/auth/refresh')
        ? fail(401, ServerMsg.invalidRefreshToken)
        : fail(401, ServerMsg.tokenExpired),
    );
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('takes the place of a refresh token a page stored before it: spent once, then dropped', async () => {
    saveSession({ user_id: 5, token: 'fresh-0', refresh_token: 'legacy-ref', expires_in: 900 });
    const server = cookieServer();
    await adoptRefreshCookie();
    expect(server.refreshes).toBe(1);
    const refresh = requests.find((request) => request.url.endsWith('/api/auth/refresh'));
    expect(await refresh?.json()).toEqual({ refresh_token: 'legacy-ref' });
    expect(refresh?.headers.get('X-Refresh-Cookie')).toBe('1');
    expect(getSession()).toMatchObject({ token: 'fresh-1', refreshToken: '', refreshCookie: true });
    expect(localStorage.getItem('account-centre.session')).not.toContain('legacy-ref');
    // Nothing left to move: no second refresh.
    await adoptRefreshCookie();
    expect(server.refreshes).toBe(1);
    await expect(apiCall(getUserRoute, { params: { userId: 5 } })).resolves.toMatchObject({ data: { user_id: 5 } });
  });

  it('leaves a stored refresh token alone in a page that does not use the cookie', async () => {
    configureApiClient({ refreshCookie: false });
    saveSession({ user_id: 5, token: 'fresh-0', refresh_token: 'legacy-ref', expires_in: 900 });
    const server = cookieServer();
    await adoptRefreshCookie();
    expect(server.refreshes).toBe(0);
    expect(getSession()?.refreshToken).toBe('legacy-ref');
  });
});
