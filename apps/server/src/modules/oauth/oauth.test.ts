import {
  closeByIdentityRoute,
  exchangeTicketRoute,
  getUserRoute,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  startCloseByIdentityRoute,
  startIdentityBindRoute,
  startOAuthSignInRoute,
  unbindIdentityRoute,
} from '@account-centre/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMESTIC_HOST, type Registered, registerByEmail } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { authorizeAt, idTokenFor, startTestProvider, type TestProvider } from './test-provider.js';

const PUBLIC_URL = 'http://localhost:8080';
/** The overseas host's own public address: a server answering on both regions lists both. */
const OVERSEAS_PUBLIC_URL = 'http://account.example.com.localhost:8080';
const OVERSEAS_PUBLIC_HOST = 'account.example.com.localhost:8080';
const CALLBACK = `${PUBLIC_URL}/api/auth/oauth/weixin/callback`;
const GOOGLE_CALLBACK = `${OVERSEAS_PUBLIC_URL}/api/auth/oauth/google/callback`;
const OTHER_CLIENT_REDIRECT = 'http://localhost:9/other-client';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
/** The answer of a flow's start, whichever route started it. */
interface FlowStarted {
  status: number;
  raw: LightMyRequestResponse;
  ok(): { data: { url: string } };
}

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(dialects)('third-party sign-in against a real OpenID provider ($name)', (dialect) => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider([
      CALLBACK,
      GOOGLE_CALLBACK,
      `${PUBLIC_URL}/api/auth/oauth/qq/callback`,
      OTHER_CLIENT_REDIRECT,
    ]);
    t = await createTestApp(dialect, {
      OAUTH_PROVIDERS: 'wechat,qq,google',
      OAUTH_PUBLIC_URL: `${PUBLIC_URL},${OVERSEAS_PUBLIC_URL}`,
      OAUTH_WECHAT_ISSUER: provider.issuer,
      OAUTH_WECHAT_CLIENT_ID: provider.clientId,
      OAUTH_WECHAT_CLIENT_SECRET: provider.clientSecret,
      // The same provider, spoken to as a plain OAuth 2 one (as QQ is): no ID token to verify.
      OAUTH_QQ_AUTHORIZATION_URL: `${provider.issuer}/auth`,
      OAUTH_QQ_TOKEN_URL: `${provider.issuer}/token`,
      OAUTH_QQ_USERINFO_URL: `${provider.issuer}/me`,
      OAUTH_QQ_SUBJECT_FIELD: 'sub',
      OAUTH_QQ_SCOPE: 'openid',
      OAUTH_QQ_CLIENT_ID: provider.clientId,
      OAUTH_QQ_CLIENT_SECRET: provider.clientSecret,
      OAUTH_GOOGLE_ISSUER: provider.issuer,
      OAUTH_GOOGLE_CLIENT_ID: provider.clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: provider.clientSecret,
    });
    // ID tokens carry the provider's real time.
    t.clock.set(Math.floor(Date.now() / 1000));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const startBind = (who: Registered, userAgent = DESKTOP) =>
    call(t, startIdentityBindRoute, {
      params: { provider: 'weixin' },
      as: asCaller(who),
      headers: { 'user-agent': userAgent },
      host: DOMESTIC_HOST,
    });
  const startSignIn = () => call(t, startOAuthSignInRoute, { params: { provider: 'weixin' }, host: DOMESTIC_HOST });

  /** The flows the account has under way, by purpose. */
  const flowsOf = (who: Registered) =>
    t.app.db.selectFrom('oauth_flows').select('purpose').where('user_id', '=', who.user_id).execute();
  /** The flow cookie a started flow left in the browser ('' when it left none). */
  const flowCookie = (cookies: { name: string; value: string }[]) =>
    cookies.find((c) => c.name === 'ac_oauth')?.value ?? '';
  /** The browser coming back from the provider to our callback, holding the flow cookie `cookie`. */
  const comeBack = (back: URL, cookie: string, host = DOMESTIC_HOST) =>
    t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host, cookie: `ac_oauth=${cookie}` },
    });

  /**
   * Starts a flow, signs in at the provider as `login`, and calls our callback as the popup
   * would. The provider's redirect back (an HTML page, not an API route) is followed as written.
   */
  async function runFlow(start: Promise<FlowStarted>, login: string, tamper?: (back: URL) => void) {
    const started = await start;
    expect(started.status).toBe(200);
    const { url } = started.ok().data;
    const cookie = flowCookie(started.raw.cookies);
    expect(cookie).toBeTruthy();
    const back = await authorizeAt(url, login);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    tamper?.(back);
    const res = await comeBack(back, cookie);
    const data = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/.exec(res.body)?.[1];
    return {
      res,
      message: JSON.parse(data ?? 'null') as { status: string; msg: string; purpose: string; ticket?: string },
    };
  }

  const userInfo = async (who: Registered) =>
    (await call(t, getUserRoute, { as: asCaller(who), host: DOMESTIC_HOST })).ok().data;

  it('binds, signs in, refuses a second account, and unbinds under the only-binding rule', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const { res, message } = await runFlow(startBind(me), 'alice');
    expect(res.statusCode).toBe(200);
    expect(message).toMatchObject({ status: 'success', msg: 'ok', purpose: 'bind', origin: 'http://localhost:8080' });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'; /);
    // Arriving from the provider's origin, any other opener policy would cut the popup from its opener.
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(await userInfo(me)).toMatchObject({ weixin: true });

    // Sign-in with the provider: a one-time ticket, never a token, reaches the page.
    const signIn = await runFlow(startSignIn(), 'alice');
    expect(signIn.message).toMatchObject({ status: 'success', purpose: 'sign-in' });
    expect(signIn.res.body).not.toContain('"token"');
    const exchanged = await call(t, exchangeTicketRoute, {
      body: { ticket: signIn.message.ticket as string },
      host: DOMESTIC_HOST,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.ok().data.user_id).toBe(me.user_id);

    // Another account cannot take the same identity; nothing changes for it.
    const other = await registerByEmail(t, { host: DOMESTIC_HOST });
    const taken = await runFlow(startBind(other), 'alice');
    expect(taken.res.statusCode).toBe(400);
    expect(taken.message).toMatchObject({ status: 'error', msg: 'identity in use' });
    expect(await userInfo(other)).toMatchObject({ weixin: false });

    // An unbound identity does not sign in.
    const unknown = await runFlow(startSignIn(), 'nobody');
    expect(unknown.message).toMatchObject({ status: 'error', msg: 'identity not bound' });

    // Only-binding rule: with the e-mail gone, WeChat is the last method and stays.
    const unbind = () =>
      call(t, unbindIdentityRoute, { params: { provider: 'weixin' }, as: asCaller(me), host: DOMESTIC_HOST });
    await t.app.db.updateTable('users').set({ email: null }).where('id', '=', me.user_id).execute();
    expect((await unbind()).body).toMatchObject({ status: 'error', msg: 'only bind' });
    await t.app.db.updateTable('users').set({ email: me.email }).where('id', '=', me.user_id).execute();
    expect((await unbind()).status).toBe(200);
    expect(await userInfo(me)).toMatchObject({ weixin: false });
  });

  it('refuses a tampered state, a replayed callback and a callback from another browser', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const tampered = await runFlow(startBind(me), 'carol', (back) =>
      back.searchParams.set('state', `${back.searchParams.get('state') ?? ''}x`),
    );
    expect(tampered.message).toMatchObject({ status: 'error', msg: 'invalid state' });

    const started = await startBind(me);
    const back = await authorizeAt(started.ok().data.url, 'carol');
    const cookie = flowCookie(started.raw.cookies);
    const callback = (value: string) => comeBack(back, value);
    expect((await callback('someone-elses-browser')).body).toContain('invalid state');
    expect((await callback(cookie)).statusCode).toBe(200);
    const replay = await callback(cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('invalid state');
  });

  it('refuses an ID token whose nonce is not the one the flow sent', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const started = await startBind(me);
    const url = new URL(started.ok().data.url);
    url.searchParams.set('nonce', 'a-nonce-the-server-never-issued');
    const back = await authorizeAt(url.toString(), 'dave');
    const res = await comeBack(back, flowCookie(started.raw.cookies));
    expect(res.body).toContain('provider rejected');
    expect(await userInfo(me)).toMatchObject({ weixin: false });
  });

  it('refuses binding from a phone with bind from pc', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const res = await startBind(me, PHONE);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', msg: 'bind from pc' });
    expect(await flowsOf(me)).toEqual([]);
  });

  it('closes an account by a fresh ID token of its bound identity only', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    await runFlow(startBind(me), 'erin');
    const close = (idToken: string, who = me) =>
      call(t, closeByIdentityRoute, {
        as: asCaller(who),
        body: { provider: 'weixin', id_token: idToken },
        host: DOMESTIC_HOST,
      });
    const strangersToken = await idTokenFor(provider, OTHER_CLIENT_REDIRECT, 'mallory');
    expect((await close(strangersToken)).body).toMatchObject({ msg: 'not bound' });
    const [head, body] = strangersToken.split('.');
    expect((await close(`${head}.${body}.${'A'.repeat(43)}`)).body).toMatchObject({ msg: 'provider rejected' });

    const res = await close(await idTokenFor(provider, OTHER_CLIENT_REDIRECT, 'erin'));
    expect(res.status).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .select(['email', 'closed_at'])
      .where('id', '=', me.user_id)
      .executeTakeFirst();
    expect(row).toMatchObject({ email: null });
    expect(row?.closed_at).not.toBeNull();
    expect(
      await t.app.db.selectFrom('identities').select('subject').where('user_id', '=', me.user_id).execute(),
    ).toEqual([]);
  });

  it('lists the configured providers, publicly, and the identities bound to the caller', async () => {
    const listed = await call(t, listOAuthProvidersRoute, { host: null });
    expect(listed.body).toEqual({
      status: 'success',
      code: 0,
      msg: 'ok',
      data: [
        { provider: 'weixin', can_close: true },
        { provider: 'qq', can_close: false },
        { provider: 'google', can_close: true },
      ],
    });

    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const identities = async () =>
      (await call(t, listIdentitiesRoute, { as: asCaller(me), host: DOMESTIC_HOST })).ok().data;
    expect(await identities()).toEqual([]);
    await runFlow(startBind(me), 'frank');
    expect(await identities()).toEqual([{ provider: 'weixin', created_at: t.clock.now() }]);
  });

  it('answers an empty provider list where none is configured', async () => {
    const bare = await createTestApp(dialect);
    try {
      const res = await call(bare, listOAuthProvidersRoute, { host: null });
      expect(res.ok().data).toEqual([]);
      const start = await call(bare, startOAuthSignInRoute, { params: { provider: 'google' }, host: null });
      expect(start.status).toBe(404);
      expect(start.body).toMatchObject({ msg: 'provider not configured' });
    } finally {
      await bare.close();
    }
  });

  it('sends each host’s flows back to that host', async () => {
    const me = await registerByEmail(t, { host: OVERSEAS_PUBLIC_HOST });
    const started = await call(t, startIdentityBindRoute, {
      params: { provider: 'google' },
      as: asCaller(me),
      headers: { 'user-agent': DESKTOP },
      host: OVERSEAS_PUBLIC_HOST,
    });
    const url = new URL(started.ok().data.url);
    expect(url.searchParams.get('redirect_uri')).toBe(GOOGLE_CALLBACK);
    const back = await authorizeAt(url.toString(), 'grace');
    const res = await comeBack(back, flowCookie(started.raw.cookies), OVERSEAS_PUBLIC_HOST);
    expect(res.body).toContain('"status":"success"');
    // The popup posts to the origin it was opened from, not to the first configured one.
    expect(res.body).toContain(`"origin":"${OVERSEAS_PUBLIC_URL}"`);
  });

  describe('a flow handed off to the system browser', () => {
    const startHandoff = (who: Registered) =>
      call(t, startIdentityBindRoute, {
        params: { provider: 'weixin' },
        query: { handoff: true },
        as: asCaller(who),
        headers: { 'user-agent': DESKTOP },
        host: DOMESTIC_HOST,
      });
    /** Opens a handoff link (a page of ours, not an API route) as the browser would: as written. */
    const open = (link: string) => {
      const url = new URL(link);
      return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DOMESTIC_HOST } });
    };

    it('is a one-time link of ours that sets the cookie in the browser opening it, then binds', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      const started = await startHandoff(me);
      expect(started.status).toBe(200);
      // No cookie for the client's own embedded browser: it will not finish this flow.
      expect(started.raw.cookies).toEqual([]);
      const { url: link, expires_in } = started.ok().data;
      expect(link.startsWith(`${PUBLIC_URL}/api/auth/oauth/weixin/continue?handoff=`)).toBe(true);
      expect(expires_in).toBe(120);

      // Before any browser has claimed it, the flow cannot be finished.
      const early = await t.app.inject({
        method: 'GET',
        url: `/api/auth/oauth/weixin/callback?code=x&state=${new URL(link).searchParams.get('handoff') ?? ''}`,
        headers: { host: DOMESTIC_HOST, cookie: 'ac_oauth=anything' },
      });
      expect(early.body).toContain('invalid state');

      const opened = await open(link);
      expect(opened.statusCode).toBe(302);
      const cookie = opened.cookies.find((c) => c.name === 'ac_oauth');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth/oauth/', sameSite: 'Lax' });
      const again = await open(link);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('invalid state');

      const back = await authorizeAt(opened.headers.location as string, 'heidi');
      const res = await comeBack(back, cookie?.value ?? '');
      expect(res.statusCode).toBe(200);
      expect(await userInfo(me)).toMatchObject({ weixin: true });
    });

    it('lets exactly one of several browsers racing for a link have it', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      const link = (await startHandoff(me)).ok().data.url;
      const answers = await Promise.all(Array.from({ length: 8 }, () => open(link)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([302, 400, 400, 400, 400, 400, 400, 400]);
    });

    it('expires after two minutes', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      const link = (await startHandoff(me)).ok().data.url;
      t.clock.advance(121);
      try {
        expect((await open(link)).statusCode).toBe(400);
      } finally {
        t.clock.set(Math.floor(Date.now() / 1000));
      }
    });
  });

  describe('closing the account by a fresh sign-in in the popup', () => {
    const startClose = (who: Registered, providerName: 'weixin' | 'qq' = 'weixin') =>
      call(t, startCloseByIdentityRoute, {
        params: { provider: providerName },
        as: asCaller(who),
        headers: { 'user-agent': DESKTOP },
        host: DOMESTIC_HOST,
      });

    it('closes when the provider signs in the bound identity, and tells the opener', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      await runFlow(startBind(me), 'ivan');
      const { res, message } = await runFlow(startClose(me), 'ivan');
      expect(res.statusCode).toBe(200);
      expect(message).toMatchObject({ type: 'account-centre:oauth', purpose: 'close', status: 'success', msg: 'ok' });
      const row = await t.app.db
        .selectFrom('users')
        .select(['email', 'closed_at'])
        .where('id', '=', me.user_id)
        .executeTakeFirst();
      expect(row).toMatchObject({ email: null });
      expect(row?.closed_at).not.toBeNull();
      const after = await call(t, getUserRoute, { as: asCaller(me), host: DOMESTIC_HOST });
      expect(after.status).toBe(401);
    });

    it('closes nothing when another identity signs in at the provider', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      await runFlow(startBind(me), 'judy');
      const { res, message } = await runFlow(startClose(me), 'mallory');
      expect(res.statusCode).toBe(400);
      expect(message).toMatchObject({ purpose: 'close', status: 'error', msg: 'not bound' });
      expect(await userInfo(me)).toMatchObject({ weixin: true });
    });

    it('refuses to start for a provider not bound, or one without ID tokens', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      const unbound = await startClose(me);
      expect(unbound.status).toBe(400);
      expect(unbound.body).toMatchObject({ msg: 'not bound' });
      const plain = await startClose(me, 'qq');
      expect(plain.status).toBe(400);
      expect(plain.body).toMatchObject({ msg: 'provider rejected' });
      expect(await flowsOf(me)).toEqual([]);
    });

    it('closes once when the callback is raced', async () => {
      const me = await registerByEmail(t, { host: DOMESTIC_HOST });
      await runFlow(startBind(me), 'ken');
      const started = await startClose(me);
      const back = await authorizeAt(started.ok().data.url, 'ken');
      const cookie = flowCookie(started.raw.cookies);
      const answers = await Promise.all(Array.from({ length: 5 }, () => comeBack(back, cookie)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
      expect(
        await t.app.db.selectFrom('audit_events').select('kind').where('user_id', '=', me.user_id).execute(),
      ).toEqual([{ kind: 'account.closed' }]);
    });
  });

  it('keeps the flow purposes to the known ones in the database', async () => {
    const row = {
      state_hash: 'f'.repeat(64),
      provider: 'weixin' as const,
      user_id: null,
      code_verifier: 'v',
      nonce: 'n',
      browser_hash: 'b',
      created_at: 1,
      expires_at: 2,
      used_at: null,
    };
    await t.app.db
      .insertInto('oauth_flows')
      .values({ ...row, purpose: 'close' })
      .execute();
    await expect(
      t.app.db
        .insertInto('oauth_flows')
        .values({ ...row, state_hash: 'e'.repeat(64), purpose: 'delete' as 'close' })
        .execute(),
    ).rejects.toThrow(/check/i);
    await t.app.db.deleteFrom('oauth_flows').where('state_hash', '=', row.state_hash).execute();
  });
});
