import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

/** The longest wait between two tries to reach a Redis that went away. */
const RECONNECT_MAX_MS = 2000;

/**
 * Options of the server's connections to Redis (its subscribers are duplicates of the app's).
 * Redis can stop answering without the connection closing (a cut network, a frozen host): a
 * command then fails after `timeoutMs` instead of holding the request that waits on it, and a
 * connection that waited that long for an answer is dropped and made again. Reconnection never
 * gives up (docs/decisions/054).
 */
export function redisOptions(timeoutMs: number): RedisOptions {
  return {
    lazyConnect: true,
    commandTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    connectTimeout: RECONNECT_MAX_MS,
    // A command queued while the connection is down fails at the next failed try, at the latest.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS),
  };
}

/**
 * Says once when `client` loses Redis (then every try fails, every 2 s at most, silently) and
 * once when it has it again; without an `error` listener ioredis would print every failed try.
 */
export function reportReachability(client: Redis, log: FastifyBaseLogger, what: string, meanwhile: string): void {
  let away = false;
  client.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, `${what}: Redis unreachable, retrying in the background; meanwhile ${meanwhile}`);
  });
  client.on('ready', () => {
    if (!away) return;
    away = false;
    log.warn(`${what}: Redis reachable again`);
  });
}

/**
 * Starts connecting `client` and waits, at most `waitMs`, for its first connection to be ready
 * or to fail; it keeps trying in the background after a failure. A reachable Redis is in use
 * before the server answers its first request; an unreachable one does not hold the start.
 */
export function firstConnection(client: Redis, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    client.once('ready', done);
    client.once('error', done);
    client.connect().catch(() => undefined);
  });
}

/** Whether `client` can take a command now: one sent while it is not would only wait or fail. */
export const redisReady = (client: Redis): boolean => client.status === 'ready';

/**
 * Connects to Redis when REDIS_URL is set; `app.redis` is null otherwise. The server starts and
 * serves without Redis when it cannot be reached, and keeps trying (docs/decisions/054).
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const timeoutMs = app.config.redisTimeoutMs;
    const redis = new Redis(app.config.redisUrl, redisOptions(timeoutMs));
    reportReachability(
      redis,
      app.log,
      'shared state',
      'rate limits are counted on this instance and access tokens checked in the database',
    );
    await firstConnection(redis, 2 * timeoutMs);
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      // A connection already closed (dropped, or ended by hand) has nothing left to send.
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
