import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { firstConnection, redisReady, reportReachability } from '../../plugins/redis.js';
import type { SessionEndsNotifier } from './session-store.js';
import { type Ended, TokenCache } from './token-cache.js';

/** The Redis channel on which instances tell each other which sessions ended. */
export const SESSION_ENDS_CHANNEL = 'account-centre:session-ends';

/** How long the operator CLI waits for Redis to take an announcement. */
const CLI_PUBLISH_TIMEOUT_MS = 2000;

/** Access tokens an instance remembers at most: a few MiB. */
const TOKEN_CACHE_ENTRIES = 10_000;

/**
 * SQLite: how often, at most, another process's commit is looked for. Reading the commit
 * counter costs about what the token lookup it saves does, so a busy server reads it once a
 * millisecond, not once a request; an operator command's commit is noticed within 1 ms.
 */
const DATA_VERSION_CHECK_MS = 1;

/**
 * How long after the subscriber last heard from Redis the cache is still trusted, as a multiple
 * of `REDIS_TIMEOUT_MS`: it asks every timeout (the heartbeat) and hears back within one.
 */
const TRUSTED_FOR_TIMEOUTS = 2;

/**
 * Ended sessions an announcement carries at most. Missed announcements are sent again as one;
 * past this many sessions and users it says "forget everything" instead (an empty message).
 */
const ANNOUNCEMENT_MAX_IDS = 1000;

/**
 * The access-token cache of this instance and the channel that keeps it honest
 * (docs/decisions/021, 054): `announce` forgets the ended sessions here at once and, with Redis,
 * publishes them to every instance, each of which forgets them on receipt. Without Redis there
 * is one server; on SQLite another process's commit (the operator CLI) empties the cache.
 */
export class SessionEnds implements SessionEndsNotifier {
  readonly cache: TokenCache;
  /** With Redis: the subscriber's name on the Redis server (CLIENT LIST). */
  readonly connectionName: string | null;
  /** Whether the subscriber is subscribed on its current connection. */
  #subscribed = false;
  /** Monotonic ms until which the cache may answer: until the subscriber is overdue. */
  #trustedUntil: number;
  readonly #trustMs: number;
  #seenDataVersion: number | null;
  #nextDataVersionCheck = 0;
  readonly #monotonicMs: () => number;
  /** Announcements Redis did not take, with when they were made: sent again once it does. */
  #unannounced: Array<{ ended: Ended; at: number }> = [];
  #resending = false;

  constructor(
    private readonly options: {
      cacheSeconds: number;
      redis: Redis | null;
      /** With Redis: how long the subscriber's last answer keeps the cache trusted. */
      trustMs?: number;
      dataVersion?: () => number;
      onPublishError: (error: unknown) => void;
      monotonicMs?: () => number;
    },
  ) {
    this.#monotonicMs = options.monotonicMs ?? (() => performance.now());
    this.cache = new TokenCache(TOKEN_CACHE_ENTRIES, options.cacheSeconds * 1000, this.#monotonicMs);
    this.connectionName = options.redis ? `account-centre:session-ends:${randomBytes(6).toString('hex')}` : null;
    this.#trustMs = options.trustMs ?? TRUSTED_FOR_TIMEOUTS * 500;
    // Without Redis nothing can be missed; with it, only once subscribed.
    this.#trustedUntil = options.redis === null ? Infinity : 0;
    this.#seenDataVersion = options.dataVersion?.() ?? null;
  }

  /**
   * Whether the cache may answer now. Not while the Redis subscriber is down, nor once it has not
   * heard from Redis for `trustMs` (a frozen Redis, a cut network that keeps the connection
   * open): an announcement published meanwhile could be missed, so every request asks the
   * database until it is back (and the cache, emptied, starts again).
   */
  usable(): boolean {
    if (this.options.cacheSeconds === 0) return false;
    const now = this.#monotonicMs();
    if (now >= this.#trustedUntil) return false;
    const { dataVersion } = this.options;
    if (dataVersion && now >= this.#nextDataVersionCheck) {
      this.#nextDataVersionCheck = now + DATA_VERSION_CHECK_MS;
      const version = dataVersion();
      if (version !== this.#seenDataVersion) {
        this.#seenDataVersion = version;
        this.cache.clear();
      }
    }
    return true;
  }

  /** Subscribed and heard from lately: what it hears is all there is. */
  get listening(): boolean {
    return this.#monotonicMs() < this.#trustedUntil;
  }

  async announce(ended: Ended): Promise<void> {
    this.cache.forget(ended);
    const { redis } = this.options;
    if (!redis) return;
    // Known to be down: not waited for, sent once it is back.
    if (!redisReady(redis)) return this.#keepForLater(ended, new Error(`Redis connection ${redis.status}`));
    try {
      await redis.publish(SESSION_ENDS_CHANNEL, JSON.stringify(ended));
    } catch (error) {
      this.#keepForLater(ended, error);
    }
  }

  /**
   * Sends again, as one announcement, what Redis did not take while it was away: an instance
   * whose subscriber stayed connected meanwhile (only this instance lost Redis) would otherwise
   * go on answering for those sessions. Older than the cache's maximum age they matter no more.
   */
  async announceMissed(): Promise<void> {
    const { redis } = this.options;
    if (!redis || this.#unannounced.length === 0 || this.#resending || !redisReady(redis)) return;
    const oldest = this.#monotonicMs() - this.options.cacheSeconds * 1000;
    const missed = this.#unannounced.filter((entry) => entry.at > oldest);
    this.#unannounced = [];
    if (missed.length === 0) return;
    const users = [...new Set(missed.flatMap((entry) => entry.ended.users))];
    const sessions = [...new Set(missed.flatMap((entry) => entry.ended.sessions))];
    this.#resending = true;
    try {
      const message =
        users.length + sessions.length > ANNOUNCEMENT_MAX_IDS ? '{}' : JSON.stringify({ users, sessions });
      await redis.publish(SESSION_ENDS_CHANNEL, message);
    } catch (error) {
      this.#unannounced.unshift(...missed);
      this.options.onPublishError(error);
    } finally {
      this.#resending = false;
    }
  }

  get unannounced(): number {
    return this.#unannounced.length;
  }

  #keepForLater(ended: Ended, error: unknown): void {
    // The sessions have ended in the database. Every instance that lost Redis too asks the
    // database until it has it back; the others hear of them when this one has it back.
    this.#unannounced.push({ ended, at: this.#monotonicMs() });
    this.options.onPublishError(error);
  }

  /** A message from the channel (another instance's `announce`, or this one's). */
  received(message: string): void {
    const ended = parseEnded(message);
    if (ended) this.cache.forget(ended);
    else this.cache.clear();
  }

  subscribed(): void {
    // Anything published while we were not listening is lost: start again from nothing.
    this.cache.clear();
    this.#subscribed = true;
    this.#trustedUntil = this.#monotonicMs() + this.#trustMs;
  }

  /** Redis answered the subscriber: everything published before was delivered. */
  heard(): void {
    if (this.#subscribed) this.#trustedUntil = this.#monotonicMs() + this.#trustMs;
  }

  unsubscribed(): void {
    this.#subscribed = false;
    this.#trustedUntil = 0;
    this.cache.clear();
  }
}

/**
 * For a process that is no server (the operator CLI): tells the servers sharing `redisUrl` which
 * sessions ended. It connects on its first announcement; `close` when done.
 */
export function publishSessionEnds(redisUrl: string, onError: (error: unknown) => void) {
  let client: Redis | null = null;
  return {
    async announce(ended: Ended): Promise<void> {
      try {
        // Bounded like a server's: an operator command does not hang on a Redis that froze.
        client ??= new Redis(redisUrl, { maxRetriesPerRequest: 2, commandTimeout: CLI_PUBLISH_TIMEOUT_MS });
        await client.publish(SESSION_ENDS_CHANNEL, JSON.stringify(ended));
      } catch (error) {
        onError(error);
      }
    },
    async close(): Promise<void> {
      if (client) await client.quit().catch(() => client?.disconnect());
    },
  };
}

function parseEnded(message: string): Ended | null {
  try {
    const value = JSON.parse(message) as Partial<Ended>;
    const users = Array.isArray(value.users) ? value.users.filter((id) => typeof id === 'number') : null;
    const sessions = Array.isArray(value.sessions) ? value.sessions.filter((id) => typeof id === 'string') : null;
    return users && sessions ? { users, sessions } : null;
  } catch {
    return null;
  }
}

/** `app.sessionEnds`: the cache, its Redis subscriber (when REDIS_URL is set) and `announce`. */
export const sessionEndsPlugin = fp(
  async (app: FastifyInstance, options: { dataVersion?: () => number }) => {
    const timeoutMs = app.config.redisTimeoutMs;
    const sessionEnds = new SessionEnds({
      cacheSeconds: app.config.tokenCacheSeconds,
      redis: app.redis,
      trustMs: TRUSTED_FOR_TIMEOUTS * timeoutMs,
      ...(options.dataVersion ? { dataVersion: options.dataVersion } : {}),
      onPublishError: (error) =>
        app.log.error(
          { err: error },
          'ended sessions not announced to other instances yet: sent again once Redis is back',
        ),
    });
    app.decorate('sessionEnds', sessionEnds);
    if (!app.redis) return;

    // A connection of its own: a subscribed connection can do nothing else. It subscribes
    // itself on every (re)connection, and only then is the cache trusted again. Its commands
    // fail with the connection rather than wait for the next one.
    const subscriber = app.redis.duplicate({
      connectionName: sessionEnds.connectionName ?? undefined,
      autoResubscribe: false,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    reportReachability(subscriber, app.log, 'session ends', 'every request checks its access token in the database');
    let closing = false;
    let subscribing: Promise<void> = Promise.resolve();
    const subscribe = async () => {
      try {
        await subscriber.subscribe(SESSION_ENDS_CHANNEL);
        if (!closing) sessionEnds.subscribed();
      } catch (error) {
        app.log.warn({ err: error }, 'session ends: subscribing failed');
      }
    };
    subscriber.on('message', (_channel: string, message: string) => sessionEnds.received(message));
    subscriber.on('close', () => sessionEnds.unsubscribed());
    // Every connection, the first and those after a drop, subscribes as soon as it is ready.
    subscriber.on('ready', () => {
      subscribing = subscribe();
    });
    await firstConnection(subscriber, 2 * timeoutMs);
    await subscribing;

    // The heartbeat: a PING through the subscriber every timeout. Redis answers it after every
    // message published before it, so an answer says nothing was missed until then; a Redis
    // that stops answering leaves the cache untrusted within TRUSTED_FOR_TIMEOUTS timeouts.
    // Announcements this instance could not make are sent again on the same beat.
    const heartbeat = setInterval(() => {
      if (redisReady(subscriber)) {
        subscriber.ping().then(
          () => sessionEnds.heard(),
          () => undefined,
        );
      }
      void sessionEnds.announceMissed();
    }, timeoutMs);
    heartbeat.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
    });
  },
  { name: 'session-ends', dependencies: ['redis'] },
);
