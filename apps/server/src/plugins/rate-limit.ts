import { CommonErrors } from '@account-centre/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { appError } from '../lib/errors.js';
import { redisReady } from './redis.js';

/** A client's count in its current window, and when that window ends (epoch ms). */
interface WindowCount {
  count: number;
  endsAt: number;
}

/** Counts one more request of `key` in fixed windows of `windowMs`. */
interface WindowCounter {
  hit(key: string, now: number): WindowCount | Promise<WindowCount>;
  readonly windowMs: number;
  close(): void;
}

/** Addresses the memory counter keeps at most before it sweeps ended windows early. */
const MEMORY_KEYS_SWEEP_AT = 100_000;

/**
 * One instance's counts, in memory. Every window that has ended is swept once a window, so the
 * map holds the addresses of one window at most, whatever number of addresses is seen.
 */
function memoryCounter(windowMs: number): WindowCounter {
  const counts = new Map<string, WindowCount>();
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of counts) if (entry.endsAt <= now) counts.delete(key);
  };
  const sweeper = setInterval(sweep, windowMs);
  sweeper.unref();
  return {
    hit(key, now) {
      let entry = counts.get(key);
      if (entry === undefined || entry.endsAt <= now) {
        if (counts.size >= MEMORY_KEYS_SWEEP_AT) sweep();
        entry = { count: 0, endsAt: now + windowMs };
        counts.set(key, entry);
      }
      entry.count += 1;
      return entry;
    },
    windowMs,
    close: () => clearInterval(sweeper),
  };
}

/** The Redis counter's key prefix; a key is the prefix and the client address. */
const REDIS_PREFIX = 'account-centre:rl:';

/**
 * The counts of every instance sharing one Redis: one atomic script per request increments the
 * address's count, starts its window on the first hit and answers the time left. While Redis is
 * away — its connection down, or a command failing or timing out — `local` counts instead, so the
 * ceiling still holds, on each instance for itself (docs/decisions/054). A connection known to
 * be down is not even asked: the request is decided at once, with no command left to wait.
 */
function sharedCounter(redis: Redis, local: WindowCounter, log: FastifyBaseLogger): WindowCounter {
  // Said once per spell of failures, not once per request counted here meanwhile.
  let failing = false;
  const script = `
    local count = redis.call('INCR', KEYS[1])
    if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
    local left = redis.call('PTTL', KEYS[1])
    if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) left = tonumber(ARGV[1]) end
    return { count, left }`;
  return {
    hit(key, now) {
      if (!redisReady(redis)) return local.hit(key, now);
      return (redis.eval(script, 1, REDIS_PREFIX + key, local.windowMs) as Promise<[number, number]>).then(
        ([count, left]) => {
          failing = false;
          return { count, endsAt: now + left };
        },
        (error: unknown) => {
          if (!failing)
            log.warn({ err: error }, 'rate limit: Redis did not answer; counting on this instance meanwhile');
          failing = true;
          return local.hit(key, now);
        },
      );
    },
    windowMs: local.windowMs,
    close: () => local.close(),
  };
}

/**
 * A per-IP ceiling on every API route: `RATE_LIMIT_MAX` requests a window of
 * `RATE_LIMIT_WINDOW` seconds, counted in Redis when REDIS_URL is set so that all instances
 * share it, else in this instance's memory. Sign-in routes add their own, tighter limits in the
 * database. The request past the ceiling is answered 429 `too frequent` with `retry_after`.
 *
 * Our own, small: it runs on every request, so without Redis it decides synchronously, with no
 * promise and no header beyond the refusal's `Retry-After` (docs/decisions/026). When Redis
 * cannot answer, this instance counts on its own until it can: neither refusing every request
 * nor waiting on Redis would be better than a ceiling per instance (docs/decisions/054).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const { max, windowSeconds } = app.config.rateLimit;
    const windowMs = windowSeconds * 1000;
    const local = memoryCounter(windowMs);
    const counter = app.redis ? sharedCounter(app.redis, local, app.log) : local;
    app.addHook('onClose', async () => counter.close());

    const decide = (counted: WindowCount, now: number) => {
      if (counted.count <= max) return null;
      const retryAfter = Math.max(1, Math.ceil((counted.endsAt - now) / 1000));
      return { retryAfter, error: appError(CommonErrors.tooFrequent, { retry_after: retryAfter }) };
    };

    const answer = (counted: WindowCount, now: number, reply: FastifyReply, done: (error?: Error) => void) => {
      const refusal = decide(counted, now);
      if (refusal) reply.header('retry-after', refusal.retryAfter);
      done(refusal?.error);
    };

    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const now = Date.now();
      const counted = counter.hit(request.ip, now);
      // Without Redis: decided here, no closure or promise per request (docs/decisions/026).
      if (!(counted instanceof Promise)) return answer(counted, now, reply, done);
      // The shared counter never rejects: a failure is counted here instead.
      void counted.then((sharedCount) => answer(sharedCount, now, reply, done));
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
