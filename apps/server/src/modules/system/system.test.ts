import { healthRoute } from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';

describeOnEachDialect('system routes on $name', (t, dialect) => {
  it('answers health with the database in use', async () => {
    const res = await call(t, healthRoute, { host: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', code: 0, data: { database: dialect.name } });
  });

  it('sends a JSON answer the security headers of a resource that never renders (decision 042)', async () => {
    for (const res of [
      await call(t, healthRoute, { host: null }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      // The page-only policies stay off API answers: they would only lengthen every one of them.
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'not found' });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });
});
