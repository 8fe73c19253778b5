import { activateMindMapDeviceRoute, getUserRoute } from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/helpers/call.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';
import { testUser } from '../../test/helpers/users.js';
import { acceptedLanguage } from './caller.js';

describe('the caller’s language from Accept-Language', () => {
  it('follows the browser’s preferred language, by weight', () => {
    expect(acceptedLanguage('de-DE,de;q=0.9,en;q=0.8', 'overseas')).toBe('de');
    expect(acceptedLanguage('en;q=0.5, ja;q=0.9', 'domestic')).toBe('jp');
    expect(acceptedLanguage('ko-KR', 'domestic')).toBe('kr');
    expect(acceptedLanguage('pt-BR,pt;q=0.9', 'overseas')).toBe('pt');
  });

  it('tells simplified from traditional Chinese', () => {
    expect(acceptedLanguage('zh-CN,zh;q=0.9', 'overseas')).toBe('zh');
    expect(acceptedLanguage('zh-TW', 'domestic')).toBe('tw');
    expect(acceptedLanguage('zh-Hant-HK', 'domestic')).toBe('tw');
  });

  it('skips languages we do not offer, and falls back to the build’s language', () => {
    expect(acceptedLanguage('nl-NL,nl;q=0.9,fr;q=0.5', 'domestic')).toBe('fr');
    expect(acceptedLanguage('nl', 'domestic')).toBe('zh');
    expect(acceptedLanguage(undefined, 'overseas')).toBe('en');
    expect(acceptedLanguage('de;q=0', 'overseas')).toBe('en');
  });
});

describe.each(dialects)('the caller handed to signed-in routes on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reads the client only where a route uses it: a malformed X-Device-Id refuses only those', async () => {
    const user = await testUser(t);
    const headers = { 'x-device-id': 'bad id with spaces' };
    expect((await call(t, getUserRoute, { as: user, headers })).status).toBe(200);
    const device = { device_id: 'PC-1', device_name: 'PC', platform: 'pc' } as const;
    expect((await call(t, activateMindMapDeviceRoute, { as: user, headers, body: device })).status).toBe(400);
  });
});
