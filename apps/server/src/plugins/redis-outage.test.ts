import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, login, PASSWORD, registerByEmail, uniqueEmail, uniqueIp } from '../../test/helpers/auth.js';
import { freePort, type NodeProcess, startServerAt } from '../../test/helpers/processes.js';
import { FreezableRelay, RedisServer } from '../../test/helpers/redis-server.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';
import { hashToken } from '../lib/secrets.js';

/**
 * Redis taken away under running servers and absent at a start (docs/decisions/054), with a
 * redis-server of each test's own: killed (connections refused) or frozen with SIGSTOP
 * (connections stay open and nothing answers, as over a cut network).
 */

/** `REDIS_TIMEOUT_MS`'s default, which these apps run with. */
const REDIS_TIMEOUT_MS = 500;
/** A generous ceiling for a request while Redis is away: a stall, not a speed, is what is looked for. */
const STALL_MS = 2000;
/**
 * How soon after Redis froze another instance stops answering from memory: two timeouts (the
 * heartbeat's last answer keeps the cache trusted that long), plus a second for a busy machine.
 */
const UNTRUSTED_WITHIN_MS = 2 * REDIS_TIMEOUT_MS + 1000;

interface Cut {
  name: string;
  cut(redis: RedisServer): Promise<void> | void;
  mend(redis: RedisServer): Promise<void> | void;
}
const cuts: Cut[] = [
  { name: 'killed', cut: (redis) => redis.kill(), mend: (redis) => redis.start() },
  { name: 'frozen', cut: (redis) => redis.freeze(), mend: (redis) => redis.thaw() },
];

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const health = async (app: FastifyInstance, ip = '127.0.0.1') => {
  const res = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
  return { status: res.statusCode, redis: (res.json() as { data?: { redis?: string } }).data?.redis };
};

/** The profile read: a signed-in request that answers 200 while the token is good. */
const profile = async (app: FastifyInstance, userId: number, accessToken: string) =>
  (await app.inject({ method: 'GET', url: `/api/user/${userId}`, headers: bearer(accessToken) })).statusCode;

/** Uses the token once, so that the instance answers for it from memory from then on. */
async function useUntilCached(app: FastifyInstance, userId: number, accessToken: string) {
  expect(await profile(app, userId, accessToken)).toBe(200);
  expect(app.sessionEnds.cache.get(hashToken(accessToken))).toBeDefined();
}

const signOut = (app: FastifyInstance, accessToken: string) =>
  app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(accessToken) });

describe.each(dialects)('Redis lost under two instances on $name', (dialect) => {
  let redis: RedisServer;
  let t: TestApp;
  let b: FastifyInstance;
  beforeEach(async () => {
    redis = await RedisServer.create();
    t = await createTestApp(dialect, { REDIS_URL: redis.url });
    b = await t.anotherInstance();
    expect((await health(t.app)).redis).toBe('connected');
  });
  afterEach(async () => {
    redis.thaw();
    await t.close();
    await redis.kill();
  });

  it.each(cuts)(
    'health and sign-in answer within 2 s while Redis is $name, health 200 with Redis unavailable',
    async (how) => {
      const me = await registerByEmail(t);
      await how.cut(redis);
      // The first requests may still find the connection open (frozen); the later ones know it is not.
      for (let attempt = 0; attempt < 3; attempt++) {
        const checked = await timed(() => health(t.app));
        expect(checked.ms).toBeLessThan(STALL_MS);
        expect(checked.result).toEqual({ status: 200, redis: 'unavailable' });
        const signedIn = await timed(() => login(t, { account: me.email, password: PASSWORD }));
        expect(signedIn.ms).toBeLessThan(STALL_MS);
        expect(signedIn.result.statusCode, signedIn.result.body).toBe(200);
      }
      await how.mend(redis);
      await expect.poll(async () => (await health(t.app)).redis, { timeout: 10_000 }).toBe('connected');
    },
  );

  it.each(cuts)(
    'a session ended on A while Redis is $name is refused on B within two timeouts, and after Redis is back',
    async (how) => {
      const me = await registerByEmail(t);
      await useUntilCached(b, me.user_id, me.token);

      await how.cut(redis);
      const cutAt = performance.now();
      const ended = await timed(() => signOut(t.app, me.token));
      expect(ended.ms).toBeLessThan(STALL_MS);
      expect(ended.result.statusCode, ended.result.body).toBe(200);
      // A's announcement could not be made; B, no longer hearing Redis, asks the database (on
      // SQLite A's commit on the shared file tells B too: PostgreSQL is the test of this).
      await expect
        .poll(() => profile(b, me.user_id, me.token), { timeout: UNTRUSTED_WITHIN_MS, interval: 50 })
        .toBe(401);
      expect(performance.now() - cutAt).toBeLessThan(UNTRUSTED_WITHIN_MS);

      await how.mend(redis);
      await expect.poll(() => b.sessionEnds.listening, { timeout: 10_000 }).toBe(true);
      expect(await profile(b, me.user_id, me.token)).toBe(401);
      // Back again, B remembers tokens again.
      const again = await login(t, { account: me.email, password: PASSWORD });
      await useUntilCached(b, me.user_id, (again.json().data as { token: string }).token);
    },
  );

  it('while only A has lost Redis, B hears of the sessions A ended as soon as A has it back', async () => {
    // A reaches Redis through a relay that the test cuts; B keeps its own connection.
    const relay = await FreezableRelay.to(redis.port);
    const a = await t.anotherInstance({ REDIS_URL: relay.url });
    try {
      const me = await registerByEmail(t);
      await useUntilCached(b, me.user_id, me.token);

      relay.freeze();
      const ended = await timed(() => signOut(a, me.token));
      expect(ended.ms).toBeLessThan(STALL_MS);
      expect(ended.result.statusCode, ended.result.body).toBe(200);
      expect(a.sessionEnds.unannounced).toBe(1);

      // B hears Redis and nothing from A until A has it back (decision 054's one gap): on
      // PostgreSQL only A's announcement, sent again, ends what B remembers (on SQLite A's commit
      // on the shared file empties B's cache anyway, decision 021).
      relay.thaw();
      await expect.poll(() => profile(b, me.user_id, me.token), { timeout: 10_000, interval: 100 }).toBe(401);
      await expect.poll(() => a.sessionEnds.unannounced, { timeout: 10_000 }).toBe(0);
    } finally {
      relay.thaw();
      await relay.close();
    }
  });
});

// The ceiling is counted per client address and never touches the database: one dialect.
describe('the rate limit while Redis is away', () => {
  let redis: RedisServer;
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    redis = await RedisServer.create();
    t = await createTestApp(dialects[0]!, { REDIS_URL: redis.url, RATE_LIMIT_MAX: '3' });
    b = await t.anotherInstance();
  });
  afterAll(async () => {
    redis.thaw();
    await t.close();
    await redis.kill();
  });

  /** Statuses of `count` health requests from `ip` on `app`. */
  const statuses = async (app: FastifyInstance, ip: string, count: number) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await health(app, ip)).status);
    return seen;
  };

  it.each(cuts)('is counted on each instance while Redis is $name, and shared again once it is back', async (how) => {
    const shared = uniqueIp();
    expect([...(await statuses(t.app, shared, 2)), ...(await statuses(b, shared, 1))]).toEqual([200, 200, 200]);
    expect(await statuses(t.app, shared, 1)).toEqual([429]);

    await how.cut(redis);
    const apart = uniqueIp();
    const onA = await timed(() => statuses(t.app, apart, 4));
    expect(onA.result).toEqual([200, 200, 200, 429]);
    expect(onA.ms).toBeLessThan(STALL_MS);
    expect(await statuses(b, apart, 4)).toEqual([200, 200, 200, 429]);

    await how.mend(redis);
    await expect
      .poll(() => t.app.redis?.status === 'ready' && b.redis?.status === 'ready', { timeout: 10_000 })
      .toBe(true);
    const again = uniqueIp();
    expect([...(await statuses(t.app, again, 2)), ...(await statuses(b, again, 1))]).toEqual([200, 200, 200]);
    expect(await statuses(b, again, 1)).toEqual([429]);
  });
});

describe.each(dialects)('a server started while Redis is away, on $name', (dialect) => {
  let redis: RedisServer;
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let server: NodeProcess | null = null;
  beforeAll(async () => {
    redis = await RedisServer.create({ started: false });
    database = await dialect.freshUrl();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-redis-away-'));
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await redis.kill();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves at once, says it keeps trying, and uses Redis once it is there', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServerAt(
      {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        SECRET_KEY: 'redis-away-test-secret-key-0123456789abcdef',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        SEED_DEMO: 'false',
        DEV_TOOLS: 'true',
        LOG_LEVEL: 'warn',
        OUTBOX_POLL_MS: '0',
      },
      base,
      // A machine busy with other tests can take long to start a process; Redis holds no start.
      90_000,
    );
    const started = server;
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
    };

    const checked = await timed(() => api('GET', '/api/health'));
    expect(checked.ms).toBeLessThan(STALL_MS);
    expect(checked.result.status).toBe(200);
    expect(checked.result.body.data).toMatchObject({ database: dialect.name, redis: 'unavailable' });
    expect(started.stdout()).toContain('Redis unreachable, retrying in the background');

    // An account made and signed in to with Redis away, over HTTP.
    const email = uniqueEmail('redis-away');
    expect((await api('POST', '/api/auth/code', { purpose: 1, email })).status).toBe(200);
    const outbox = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
    const code = /\b(\d{6})\b/.exec((outbox.body.data as unknown as Array<{ body: string }>)[0]?.body ?? '')?.[1];
    expect(code).toBeDefined();
    expect((await api('POST', '/api/auth/register', { email, password: PASSWORD, code })).status).toBe(200);
    const signedIn = await timed(() => api('POST', '/api/auth/login', { account: email, password: PASSWORD }));
    expect(signedIn.ms).toBeLessThan(STALL_MS);
    expect(signedIn.result.status).toBe(200);

    await redis.start();
    await expect
      .poll(async () => (await api('GET', '/api/health')).body.data?.redis, { timeout: 10_000 })
      .toBe('connected');
    await expect.poll(() => started.stdout(), { timeout: 5000 }).toContain('Redis reachable again');
    expect(started.stderr()).not.toContain('Unhandled');
  }, 150_000);
});
