import {
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  startIdentityBindRoute,
  unbindIdentityRoute,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOMESTIC_HOST, registerByEmail } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { freePort } from '../../../test/helpers/processes.js';
import { createTestApp, dialects, type TestApp, testConfig } from '../../../test/helpers/test-app.js';
import { asCaller } from '../../../test/helpers/users.js';
import { ConfigError } from '../../config.js';
import { identityProviderServer } from './sandbox.js';
import { authorizeAt } from './test-provider.js';

describe('the sandbox sign-in provider’s configuration', () => {
  const production = { NODE_ENV: 'production', DEV_TOOLS: 'false', SECRET_KEY: 'x'.repeat(40) };

  it('stands in for every provider in development, and for those not configured only', () => {
    const development = testConfig({ NODE_ENV: 'development', PORT: '8080' });
    expect(development.oauthSandbox).toBe(true);
    expect(development.oauth.providers.map((p) => p.name)).toEqual(['weixin', 'qq', 'weibo', 'google', 'facebook']);
    expect(development.oauth.publicUrls).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(development.oauth.providers[0]).toMatchObject({
      kind: 'oidc',
      issuer: 'http://127.0.0.1:8080/api/dev/oauth/weixin',
    });

    const withGoogle = testConfig({
      NODE_ENV: 'development',
      OAUTH_PROVIDERS: 'google',
      OAUTH_PUBLIC_URL: 'https://account.example.com',
      OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 's',
    });
    expect(withGoogle.oauth.sandbox?.providers).toEqual(['weixin', 'qq', 'weibo', 'facebook']);
    expect(withGoogle.oauth.providers.find((p) => p.name === 'google')).toMatchObject({
      issuer: 'https://accounts.google.com',
    });
  });

  it('is off in tests and in production, and refused there', () => {
    expect(testConfig().oauthSandbox).toBe(false);
    expect(testConfig().oauth.providers).toEqual([]);
    const live = testConfig(production);
    expect(live.oauthSandbox).toBe(false);
    expect(live.oauth).toEqual({ publicUrls: [], providers: [] });
    expect(() => testConfig({ ...production, OAUTH_SANDBOX: 'true' })).toThrow(ConfigError);
    expect(() => testConfig({ ...production, OAUTH_SANDBOX: 'true' })).toThrow(/OAUTH_SANDBOX cannot be on/);
    expect(() => testConfig({ NODE_ENV: 'development', DEV_TOOLS: 'false' })).toThrow(/OAUTH_SANDBOX needs DEV_TOOLS/);
  });
});

describe('building a sandbox provider', () => {
  it('holds back oidc-provider’s development-only notices, and no other warning', async () => {
    const printed: unknown[][] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void printed.push(args));
    try {
      const client = { clientId: 'c', clientSecret: 's', redirectUris: ['http://127.0.0.1:1/callback'] };
      await identityProviderServer('http://127.0.0.1:1/api/dev/oauth/google', client);
      expect(printed).toEqual([]);
      // The filter is gone once the provider is built: a warning after it is printed.
      console.warn('oidc-provider WARNING: a quick start development-only feature');
      expect(printed).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe.each(dialects)('the sandbox sign-in provider on $name', (dialect) => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(dialect, { OAUTH_SANDBOX: 'true', PORT: String(port) });
    // The account centre talks to its sandbox over HTTP, as to any provider: it must listen.
    await t.app.listen({ port, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${port}`;
    t.clock.set(Math.floor(Date.now() / 1000));
  });
  afterAll(async () => t?.close());

  it('offers every third-party row, and binds and unbinds WeChat through the real flow', async () => {
    const offered = (await call(t, listOAuthProvidersRoute, {})).ok().data.map((p) => p.provider);
    expect(offered).toEqual(['weixin', 'qq', 'weibo', 'google', 'facebook']);

    const me = await registerByEmail(t, { host: DOMESTIC_HOST });
    const started = await call(t, startIdentityBindRoute, {
      params: { provider: 'weixin' },
      as: asCaller(me),
      host: '127.0.0.1:' + new URL(origin).port,
    });
    const { url } = started.ok().data;
    expect(url.startsWith(`${origin}/api/dev/oauth/weixin/auth?`)).toBe(true);
    const cookie = started.raw.cookies.find((c) => c.name === 'ac_oauth');

    // The sandbox's own login and consent pages, over HTTP, as a browser fills them.
    const back = await authorizeAt(url, 'wx-sandbox-ada');
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/api/auth/oauth/weixin/callback`);
    const answer = await fetch(back, { headers: { cookie: `ac_oauth=${cookie?.value ?? ''}` } });
    expect(await answer.text()).toContain('"status":"success"');

    const linked = (await call(t, listIdentitiesRoute, { as: asCaller(me) })).ok().data;
    expect(linked.map((identity) => identity.provider)).toContain('weixin');
    (await call(t, unbindIdentityRoute, { params: { provider: 'weixin' }, as: asCaller(me) })).ok();
  });

  it('answers only callers on this machine, like every dev tool', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/oauth/weixin/.well-known/openid-configuration',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(404);
    const discovery = await fetch(`${origin}/api/dev/oauth/weixin/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${origin}/api/dev/oauth/weixin`);
  });
});
