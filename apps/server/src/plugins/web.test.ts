import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMESTIC_HOST, OVERSEAS_HOST } from '../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';

/** Serving the built web app: a small build of our own, with an index page and one asset. */
describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="zh-CN" class="app"><title>Account Centre</title></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'screen-order-abc123.js'), 'export const x = 1;');
    // Serving files reads no database: one dialect is enough.
    t = await createTestApp(dialects[0]!, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves a built asset as JavaScript, cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/screen-order-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers the app page for a history-mode route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/order?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Account Centre</title>');
    // A document gets the page's policies (decision 042): our scripts only, framed by ourselves.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('says the page’s language in <html lang>: the address’s, else the build’s for the host’s region', async () => {
    const pageFor = async (url: string, host?: string) => {
      const res = await t.app.inject({ method: 'GET', url, ...(host ? { headers: { host } } : {}) });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    expect(await pageFor('/order?lang=en')).toContain('<html lang="en" class="app">');
    // The spec's spellings: `cn` is Chinese, `ko` Korean; an unknown one is the build's language.
    expect(await pageFor('/account?lang=ko')).toContain('<html lang="ko" class="app">');
    expect(await pageFor('/account?lang=cn', OVERSEAS_HOST)).toContain('<html lang="zh-CN" class="app">');
    expect(await pageFor('/account?lang=xx', OVERSEAS_HOST)).toContain('<html lang="en" class="app">');
    expect(await pageFor('/account', DOMESTIC_HOST)).toContain('<html lang="zh-CN" class="app">');
    expect(await pageFor('/account', OVERSEAS_HOST)).toContain('<html lang="en" class="app">');
    expect(await pageFor('/devices?lang=jp', OVERSEAS_HOST)).toContain('<html lang="ja" class="app">');
  });

  it('serves a new build’s page once a deploy replaces it', async () => {
    const file = path.join(dist, 'index.html');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace('Account Centre', 'Account Centre 2'));
    // A modification time of its own, whatever the file system's resolution.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const res = await t.app.inject({ method: 'GET', url: '/order?lang=de' });
    expect(res.body).toContain('<title>Account Centre 2</title>');
    expect(res.body).toContain('<html lang="de" class="app">');
    fs.writeFileSync(file, before);
  });

  it('answers 404, not the app page, for an asset a newer deploy removed', async () => {
    for (const url of ['/assets/screen-order-old999.js', '/assets/style-old.css', '/assets/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>');
    }
  });

  it('answers 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'not found' });
  });
});
