import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DOMESTIC_HOST, type Registered, registerByEmail } from '../../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { authorizeAt, idTokenFor, startTestProvider, type TestProvider } from './test-provider.js';

const PUBLIC_URL = 'http://localhost:8080';
const CALLBACK = `${PUBLIC_URL}/api/auth/oauth/weixin/callback`;
const OTHER_CLIENT_REDIRECT = 'http://localhost:9/other-client';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(dialects)('third-party sign-in against a real OpenID provider ($name)', (dialect) => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider([CALLBACK, OTHER_CLIENT_REDIRECT]);
    t = await createTestApp(dialect, {
      OAUTH_PROVIDERS: 'wechat',
      OAUTH_PUBLIC_URL: PUBLIC_URL,
      OAUTH_WECHAT_ISSUER: provider.issuer,
      OAUTH_WECHAT_CLIENT_ID: provider.clientId,
      OAUTH_WECHAT_CLIENT_SECRET: provider.clientSecret,
    });
    // ID tokens carry the provider's real time.
    t.clock.set(Math.floor(Date.now() / 1000));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const startBind = (who: Registered, userAgent = DESKTOP) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/${who.user_id}/identity/weixin/start`,
      headers: { ...bearer(who.token), host: DOMESTIC_HOST, 'user-agent': userAgent },
    });

  /** Starts a flow, signs in at the provider as `login`, and calls our callback as the popup would. */
  async function runFlow(
    start: Promise<{ statusCode: number; json(): unknown; cookies: { name: string; value: string }[] }>,
    login: string,
    tamper?: (back: URL) => void,
  ) {
    const started = await start;
    expect(started.statusCode).toBe(200);
    const { url } = (started.json() as { data: { url: string } }).data;
    const cookie = started.cookies.find((c) => c.name === 'ac_oauth');
    expect(cookie?.value).toBeTruthy();
    const back = await authorizeAt(url, login);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    tamper?.(back);
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: DOMESTIC_HOST, cookie: `ac_oauth=${cookie?.value ?? ''}` },
    });
    const data = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/.exec(res.body)?.[1];
    return {
      res,
      message: JSON.parse(data ?? 'null') as { status: string; msg: string; purpose: string; ticket?: string },
    };
  }

  const userInfo = async (who: Registered) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/user/${who.user_id}`,
        headers: { ...bearer(who.token), host: DOMESTIC_HOST },
      })
    ).json().data as { weixin: boolean };

  it('binds, signs in, refuses a second account, and unbinds under the only-binding rule', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const { res, message } = await runFlow(startBind(me), 'alice');
    expect(res.statusCode).toBe(200);
    expect(message).toMatchObject({ status: 'success', msg: 'ok', purpose: 'bind', origin: 'http://localhost:8080' });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'; /);
    expect(await userInfo(me)).toMatchObject({ weixin: true });

    // Sign-in with the provider: a one-time ticket, never a token, reaches the page.
    const signIn = await runFlow(
      t.app.inject({ method: 'POST', url: '/api/auth/oauth/weixin/start', headers: { host: DOMESTIC_HOST } }),
      'alice',
    );
    expect(signIn.message).toMatchObject({ status: 'success', purpose: 'sign-in' });
    expect(signIn.res.body).not.toContain('"token"');
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/ticket/exchange',
      headers: { host: DOMESTIC_HOST },
      payload: { ticket: signIn.message.ticket },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().data.user_id).toBe(me.user_id);

    // Another account cannot take the same identity; nothing changes for it.
    const other = await registerByEmail(t, { host: DOMESTIC_HOST });
    const taken = await runFlow(startBind(other), 'alice');
    expect(taken.res.statusCode).toBe(400);
    expect(taken.message).toMatchObject({ status: 'error', msg: 'identity in use' });
    expect(await userInfo(other)).toMatchObject({ weixin: false });

    // An unbound identity does not sign in.
    const unknown = await runFlow(
      t.app.inject({ method: 'POST', url: '/api/auth/oauth/weixin/start', headers: { host: DOMESTIC_HOST } }),
      'nobody',
    );
    expect(unknown.message).toMatchObject({ status: 'error', msg: 'identity not bound' });

    // Only-binding rule: with the e-mail gone, WeChat is the last method and stays.
    const unbind = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/${me.user_id}/identity/weixin`,
        headers: { ...bearer(me.token), host: DOMESTIC_HOST },
      });
    await t.app.db.updateTable('users').set({ email: null }).where('id', '=', me.user_id).execute();
    expect((await unbind()).json()).toMatchObject({ status: 'error', msg: 'only bind' });
    await t.app.db.updateTable('users').set({ email: me.email }).where('id', '=', me.user_id).execute();
    expect((await unbind()).statusCode).toBe(200);
    expect(await userInfo(me)).toMatchObject({ weixin: false });
  });

  it('refuses a tampered state, a replayed callback and a callback from another browser', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const tampered = await runFlow(startBind(me), 'carol', (back) =>
      back.searchParams.set('state', `${back.searchParams.get('state') ?? ''}x`),
    );
    expect(tampered.message).toMatchObject({ status: 'error', msg: 'invalid state' });

    const started = await startBind(me);
    const back = await authorizeAt((started.json() as { data: { url: string } }).data.url, 'carol');
    const cookie = started.cookies.find((c) => c.name === 'ac_oauth')?.value ?? '';
    const call = (value: string) =>
      t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { host: DOMESTIC_HOST, cookie: `ac_oauth=${value}` },
      });
    expect((await call('someone-elses-browser')).body).toContain('invalid state');
    expect((await call(cookie)).statusCode).toBe(200);
    const replay = await call(cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('invalid state');
  });

  it('refuses an ID token whose nonce is not the one the flow sent', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const started = await startBind(me);
    const url = new URL((started.json() as { data: { url: string } }).data.url);
    url.searchParams.set('nonce', 'a-nonce-the-server-never-issued');
    const back = await authorizeAt(url.toString(), 'dave');
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: {
        host: DOMESTIC_HOST,
        cookie: `ac_oauth=${started.cookies.find((c) => c.name === 'ac_oauth')?.value ?? ''}`,
      },
    });
    expect(res.body).toContain('provider rejected');
    expect(await userInfo(me)).toMatchObject({ weixin: false });
  });

  it('refuses binding from a phone with bind from pc', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const res = await startBind(me, PHONE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', msg: 'bind from pc' });
    expect(
      await t.app.db.selectFrom('oauth_flows').select('user_id').where('user_id', '=', me.user_id).execute(),
    ).toEqual([]);
  });

  it('closes an account by a fresh ID token of its bound identity only', async () => {
    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    await runFlow(startBind(me), 'erin');
    const close = (idToken: string, who = me) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${who.user_id}/close/identity`,
        headers: { ...bearer(who.token), host: DOMESTIC_HOST },
        payload: { provider: 'weixin', id_token: idToken },
      });
    const strangersToken = await idTokenFor(provider, OTHER_CLIENT_REDIRECT, 'mallory');
    expect((await close(strangersToken)).json()).toMatchObject({ msg: 'not bound' });
    const [head, body] = strangersToken.split('.');
    expect((await close(`${head}.${body}.${'A'.repeat(43)}`)).json()).toMatchObject({ msg: 'provider rejected' });

    const res = await close(await idTokenFor(provider, OTHER_CLIENT_REDIRECT, 'erin'));
    expect(res.statusCode).toBe(200);
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
});
