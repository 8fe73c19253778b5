import { describe, expect, it } from 'vitest';
import { publicUrlFor, readOAuthConfig } from './oauth.config.js';

describe('third-party sign-in configuration', () => {
  it('is off unless providers are listed', () => {
    const problems: string[] = [];
    expect(readOAuthConfig({}, problems)).toEqual({ publicUrls: [], providers: [] });
    expect(problems).toEqual([]);
  });

  it('reads an OIDC and an OAuth 2 provider, wechat meaning weixin', () => {
    const problems: string[] = [];
    const config = readOAuthConfig(
      {
        OAUTH_PROVIDERS: 'google, wechat',
        OAUTH_PUBLIC_URL: 'https://account.example.com/',
        OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
        OAUTH_GOOGLE_CLIENT_ID: 'g-id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
        OAUTH_WECHAT_AUTHORIZATION_URL: 'https://open.weixin.qq.com/connect/qrconnect',
        OAUTH_WECHAT_TOKEN_URL: 'https://api.weixin.qq.com/sns/oauth2/access_token',
        OAUTH_WECHAT_CLIENT_ID: 'wx-id',
        OAUTH_WECHAT_CLIENT_SECRET: 'wx-secret',
        OAUTH_WECHAT_SCOPE: 'snsapi_login',
      },
      problems,
    );
    expect(problems).toEqual([]);
    expect(config.publicUrls).toEqual(['https://account.example.com']);
    expect(config.providers.map((p) => [p.name, p.kind])).toEqual([
      ['google', 'oidc'],
      ['weixin', 'oauth2'],
    ]);
  });

  it('reports every mistake at once and never echoes a secret', () => {
    const problems: string[] = [];
    readOAuthConfig(
      {
        OAUTH_PROVIDERS: 'google,myspace,qq',
        OAUTH_GOOGLE_ISSUER: 'http://accounts.example.com',
        OAUTH_GOOGLE_CLIENT_SECRET: 'very-secret-value',
        OAUTH_QQ_CLIENT_ID: 'id',
        OAUTH_QQ_CLIENT_SECRET: 'x',
      },
      problems,
    );
    expect(problems).toEqual([
      'OAUTH_GOOGLE_CLIENT_ID is required',
      'OAUTH_GOOGLE_ISSUER must be an https URL (http only on the loopback interface)',
      'OAUTH_PROVIDERS: unknown provider "myspace" (known: wechat, weixin, qq, weibo, google, facebook)',
      'QQ: set OAUTH_QQ_ISSUER for OIDC, or OAUTH_QQ_AUTHORIZATION_URL and OAUTH_QQ_TOKEN_URL',
      'OAUTH_PUBLIC_URL is required when OAUTH_PROVIDERS is set (e.g. https://account.example.com)',
    ]);
    expect(problems.join('\n')).not.toContain('very-secret-value');
  });

  it('takes one public address per host and picks the one of the request', () => {
    const problems: string[] = [];
    const config = readOAuthConfig(
      {
        OAUTH_PROVIDERS: 'google',
        OAUTH_PUBLIC_URL: 'https://account.example.cn, https://account.example.com/',
        OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
        OAUTH_GOOGLE_CLIENT_ID: 'g-id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      },
      problems,
    );
    expect(problems).toEqual([]);
    expect(config.publicUrls).toEqual(['https://account.example.cn', 'https://account.example.com']);
    expect(publicUrlFor(config, 'account.example.com')).toBe('https://account.example.com');
    expect(publicUrlFor(config, 'ACCOUNT.EXAMPLE.CN')).toBe('https://account.example.cn');
    // A host it does not know (a proxy that hides the host) gets the first address.
    expect(publicUrlFor(config, 'internal:8080')).toBe('https://account.example.cn');
  });

  it('allows plain http for a *.localhost public address only, never for a provider endpoint', () => {
    const problems: string[] = [];
    const config = readOAuthConfig(
      {
        OAUTH_PROVIDERS: 'google,qq',
        OAUTH_PUBLIC_URL: 'http://account.example.cn.localhost:18080,http://account.example.com/path',
        OAUTH_GOOGLE_ISSUER: 'http://issuer.localhost:9000',
        OAUTH_GOOGLE_CLIENT_ID: 'g-id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
        OAUTH_QQ_ISSUER: 'http://127.0.0.1:9000',
        OAUTH_QQ_CLIENT_ID: 'q-id',
        OAUTH_QQ_CLIENT_SECRET: 'q-secret',
      },
      problems,
    );
    expect(problems).toEqual([
      'OAUTH_GOOGLE_ISSUER must be an https URL (http only on the loopback interface)',
      'OAUTH_PUBLIC_URL must be an https URL (http only on the loopback interface)',
    ]);
    expect(config.publicUrls).toEqual(['http://account.example.cn.localhost:18080']);
    expect(config.providers.map((p) => p.name)).toEqual(['qq']);
  });

  it('refuses a public address with a path', () => {
    const problems: string[] = [];
    readOAuthConfig(
      {
        OAUTH_PROVIDERS: 'qq',
        OAUTH_PUBLIC_URL: 'https://example.com/account',
        OAUTH_QQ_ISSUER: 'https://qq.example.com',
        OAUTH_QQ_CLIENT_ID: 'q-id',
        OAUTH_QQ_CLIENT_SECRET: 'q-secret',
      },
      problems,
    );
    expect(problems).toEqual(['OAUTH_PUBLIC_URL must be an origin without a path (e.g. https://account.example.com)']);
  });
});
