import {
  createTicketRoute,
  exchangeTicketRoute,
  getUserRoute,
  logoutRoute,
  refreshRoute,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  login,
  OVERSEAS_HOST,
  PASSWORD,
  registerByEmail,
  type Registered,
  type SignIn,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { createTestApp, describeOnEachDialect, dialects, type TestApp } from '../../../test/helpers/test-app.js';

/** What the web app sends to keep its refresh token in the cookie (docs/decisions/016). */
const WEB = { 'x-refresh-cookie': '1' } as const;
const COOKIE = 'ac_refresh';

type Answer = Omit<SignIn, 'refresh_token'> & { refresh_token?: string };

/** The refresh cookie a response sets, if any. */
function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((cookie) => cookie.name === COOKIE);
}

describeOnEachDialect('the refresh cookie of the web app on $name', (t) => {
  const me = (s: { user_id: number; token: string }) => call(t, getUserRoute, { as: asCaller(s), host: null });
  /** A refresh as the web app sends it: no body token, the cookie, the header. */
  const refreshByCookie = (cookie: string, headers: Record<string, string> = WEB) =>
    call(t, refreshRoute, { body: {}, host: OVERSEAS_HOST, headers: { cookie: `${COOKIE}=${cookie}`, ...headers } });
  /** A web sign-in: its answer and the refresh token of its cookie. */
  async function webSignIn(): Promise<{ user: Registered; answer: Answer; cookie: string }> {
    const user = await registerByEmail(t);
    const res = await login(t, { account: user.email, password: PASSWORD }, { headers: WEB });
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookieOf(res);
    if (!cookie) throw new Error('no refresh cookie');
    return { user, answer: res.json().data, cookie: cookie.value };
  }

  it('is set on a web sign-in, HttpOnly, SameSite=Strict, for the refresh route only, and kept out of the answer', async () => {
    const user = await registerByEmail(t);
    const res = await login(t, { account: user.email, password: PASSWORD }, { headers: WEB });
    expect(res.statusCode).toBe(200);
    const answer: Answer = res.json().data;
    expect(answer).not.toHaveProperty('refresh_token');
    expect(answer.user_id).toBe(user.user_id);
    expect(refreshCookieOf(res)).toEqual({
      name: COOKIE,
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path: '/api/auth/refresh',
      maxAge: t.config.refreshTokenTtl,
      httpOnly: true,
      sameSite: 'Strict',
    });
    // Over plain http outside production the cookie cannot be Secure: browsers would drop it.
    expect(res.headers['set-cookie']).not.toMatch(/Secure/);
  });

  it('is set on a web sign-up and a web ticket exchange too', async () => {
    const user = await registerByEmail(t, { headers: WEB });
    expect(user).not.toHaveProperty('refresh_token');
    const desktop: SignIn = (await login(t, { account: user.email, password: PASSWORD })).json().data;
    const { ticket } = (await call(t, createTicketRoute, { as: asCaller(desktop), host: null })).ok().data;
    const exchanged = await call(t, exchangeTicketRoute, { body: { ticket }, headers: WEB, host: null });
    expect(exchanged.status).toBe(200);
    expect(exchanged.ok().data).not.toHaveProperty('refresh_token');
    const cookie = refreshCookieOf(exchanged.raw);
    expect(cookie?.httpOnly).toBe(true);
    expect((await refreshByCookie(cookie?.value ?? '')).status).toBe(200);
  });

  it('refreshes the session: a new cookie, a new access token, and the replaced access token ends', async () => {
    const { answer, cookie } = await webSignIn();
    const res = await refreshByCookie(cookie);
    expect(res.status).toBe(200);
    const next: Answer = res.ok().data;
    expect(next).not.toHaveProperty('refresh_token');
    const rotated = refreshCookieOf(res.raw);
    expect(rotated?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated?.value).not.toBe(cookie);
    expect(rotated?.path).toBe('/api/auth/refresh');
    expect((await me(next)).status).toBe(200);
    expect((await me(answer)).status).toBe(401);
    expect((await refreshByCookie(rotated?.value ?? '')).status).toBe(200);
  });

  it('is not read without the X-Refresh-Cookie header (400) or from another site (403): nothing rotated', async () => {
    const { answer, cookie } = await webSignIn();
    for (const headers of [{}, { 'x-refresh-cookie': 'true' }] as Record<string, string>[]) {
      const refused = await refreshByCookie(cookie, headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: 'error', code: 0, msg: 'invalid request' });
      expect(refreshCookieOf(refused.raw)).toBeUndefined();
    }
    for (const site of ['cross-site', 'same-site']) {
      const refused = await refreshByCookie(cookie, { ...WEB, 'sec-fetch-site': site });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 'error', code: 0, msg: 'forbidden' });
      expect(refreshCookieOf(refused.raw)).toBeUndefined();
    }
    expect((await me(answer)).status).toBe(200);
    const fromOurPage = await refreshByCookie(cookie, { ...WEB, 'sec-fetch-site': 'same-origin' });
    expect(fromOurPage.status).toBe(200);
  });

  it('refuses a refresh with neither a body token nor a cookie as an invalid refresh token', async () => {
    const res = await call(t, refreshRoute, { body: {}, headers: WEB, host: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', code: 0, msg: 'invalid refresh token' });
    const refused = await refreshByCookie('z'.repeat(43));
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe('invalid refresh token');
  });

  it('takes a refresh token from the body of a web page signed in before the cookie, and answers with the cookie', async () => {
    const user = await registerByEmail(t);
    const res = await call(t, refreshRoute, {
      body: { refresh_token: user.refresh_token },
      headers: WEB,
      host: null,
    });
    expect(res.status).toBe(200);
    expect(res.ok().data).not.toHaveProperty('refresh_token');
    const cookie = refreshCookieOf(res.raw);
    expect((await refreshByCookie(cookie?.value ?? '')).status).toBe(200);
  });

  it('leaves desktop clients the body form: the refresh token in the answer, no cookie', async () => {
    const user = await registerByEmail(t);
    expect(user.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await call(t, refreshRoute, { body: { refresh_token: user.refresh_token }, host: null });
    expect(res.status).toBe(200);
    const next = res.ok().data;
    expect(next.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const signedIn = await login(t, { account: user.email, password: PASSWORD });
    expect(signedIn.json().data.refresh_token).toEqual(expect.any(String));
    expect(refreshCookieOf(signedIn)).toBeUndefined();
  });

  it('is cleared by sign-out, whose session no longer refreshes', async () => {
    const { answer, cookie } = await webSignIn();
    const res = await call(t, logoutRoute, { as: asCaller(answer), host: null });
    expect(res.status).toBe(200);
    expect(refreshCookieOf(res.raw)).toEqual({
      name: COOKIE,
      value: '',
      path: '/api/auth/refresh',
      maxAge: 0,
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect((await refreshByCookie(cookie)).status).toBe(401);
  });
});

describe.each(dialects)('the Secure attribute of the refresh cookie on $name', (dialect) => {
  let behindProxy: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp(dialect, { TRUST_PROXY: '1' });
    production = await createTestApp(dialect, { NODE_ENV: 'production', DEV_TOOLS: 'false' });
  });
  afterAll(async () => {
    await behindProxy.close();
    await production.close();
  });

  const webSignIn = async (t: TestApp, headers: Record<string, string> = {}) => {
    const user = await registerByEmail(t);
    const res = await login(t, { account: user.email, password: PASSWORD }, { headers: { ...WEB, ...headers } });
    expect(res.statusCode).toBe(200);
    return refreshCookieOf(res);
  };

  it('is on when the browser came over https, as a trusted proxy says', async () => {
    expect((await webSignIn(behindProxy, { 'x-forwarded-proto': 'https' }))?.secure).toBe(true);
    expect((await webSignIn(behindProxy, { 'x-forwarded-proto': 'http' }))?.secure).toBeUndefined();
  });

  it('is always on in production', async () => {
    expect((await webSignIn(production))?.secure).toBe(true);
  });
});
