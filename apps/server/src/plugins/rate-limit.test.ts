import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { healthRoute } from '@account-centre/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/helpers/call.js';
import { redisProblem, testRedisUrl } from '../../test/helpers/redis.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';

// The ceiling is counted per client IP and never touches the database, so one dialect is enough.
const dialect = dialects[0]!;
const redisUrl = testRedisUrl;
const redisUnreachable = await redisProblem(redisUrl);

/** A client address of its own per test (TEST-NET-3), so counts never mix between tests or runs. */
const usedAddresses: string[] = [];
function freshAddress(): string {
  const address = `203.0.113.${randomInt(1, 255)}`;
  if (usedAddresses.includes(address)) return freshAddress();
  usedAddresses.push(address);
  return address;
}

describe('rate limit', () => {
  const apps: TestApp[] = [];
  async function appWith(env: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp(dialect, env);
    apps.push(t);
    return t;
  }
  const get = (t: TestApp, ip: string) => call(t, healthRoute, { ip, host: null });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    if (redisUnreachable) return;
    const client = new Redis(redisUrl);
    for (const address of usedAddresses) {
      const keys = await client.keys(`account-centre:rl:*${address}`);
      if (keys.length > 0) await client.del(...keys);
    }
    await client.quit();
  });

  it('answers the request after the ceiling with 429 in the error envelope', async () => {
    const t = await appWith({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW: '60' });
    const ip = freshAddress();

    for (let i = 0; i < 3; i++) expect((await get(t, ip)).status).toBe(200);
    const refused = await get(t, ip);

    expect(refused.status).toBe(429);
    const body = refused.body;
    expect(body).toMatchObject({ status: 'error', code: 5, msg: 'too frequent' });
    const { retry_after } = body.data as { retry_after: number };
    expect(retry_after).toBeGreaterThanOrEqual(1);
    expect(retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('counts each client address on its own', async () => {
    const t = await appWith({ RATE_LIMIT_MAX: '2' });
    const busy = freshAddress();
    for (let i = 0; i < 2; i++) await get(t, busy);
    expect((await get(t, busy)).status).toBe(429);

    expect((await get(t, freshAddress())).status).toBe(200);
  });

  it('leaves the web app outside /api/ unlimited', async () => {
    const t = await appWith({ RATE_LIMIT_MAX: '1' });
    const ip = freshAddress();
    await get(t, ip);
    expect((await get(t, ip)).status).toBe(429);

    // No web build in tests: an unknown page is a 404, but never a 429.
    // A page of the web app, no API route: by hand.
    expect((await t.app.inject({ method: 'GET', url: '/account', remoteAddress: ip })).statusCode).toBe(404);
  });

  it('starts a new window when the last one ends', async () => {
    const t = await appWith({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1' });
    const ip = freshAddress();
    for (let i = 0; i < 2; i++) expect((await get(t, ip)).status).toBe(200);
    const refused = await get(t, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(t, ip)).status).toBe(200);
  });

  it('keeps a separate count per instance without Redis', async () => {
    const a = await appWith({ RATE_LIMIT_MAX: '3' });
    const b = await appWith({ RATE_LIMIT_MAX: '3' });
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) expect((await get(a, ip)).status).toBe(200);
    expect((await get(a, ip)).status).toBe(429);

    expect((await get(b, ip)).status).toBe(200);
  });

  it(`shares the count between instances through Redis (${redisUrl})`, async (context) => {
    if (redisUnreachable) context.skip(`Redis at ${redisUrl} is unreachable: ${redisUnreachable}`);
    const env = { RATE_LIMIT_MAX: '3', REDIS_URL: redisUrl };
    const a = await appWith(env);
    const b = await appWith(env);
    expect(a.app.redis).not.toBeNull();
    const ip = freshAddress();

    expect((await get(a, ip)).status).toBe(200);
    expect((await get(b, ip)).status).toBe(200);
    expect((await get(a, ip)).status).toBe(200);
    const refused = await get(b, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'error', code: 5, msg: 'too frequent' });
    expect((await get(a, ip)).status).toBe(429);
  });

  it('counts on this instance while Redis cannot answer (decision 054)', async (context) => {
    if (redisUnreachable) context.skip(`Redis at ${redisUrl} is unreachable: ${redisUnreachable}`);
    const t = await appWith({ RATE_LIMIT_MAX: '1', REDIS_URL: redisUrl });
    const ip = freshAddress();
    // A route that needs nothing of Redis itself (the health check asks it): a path of no route.
    const missing = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: ip })).statusCode;
    expect(await missing()).toBe(404);
    expect(await missing()).toBe(429);
    // The app's own connection gone: the ceiling holds, counted afresh in this instance's memory.
    t.app.redis?.disconnect();
    expect(await missing()).toBe(404);
    expect(await missing()).toBe(429);
  });
});
