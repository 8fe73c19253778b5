import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { SessionEndsNotifier } from '../modules/auth/session-store.js';
import { type Ended, TokenCache } from '../modules/auth/token-cache.js';

/** The Redis channel on which instances tell each other which sessions ended. */
export const SESSION_ENDS_CHANNEL = 'account-centre:session-ends';

/** Access tokens an instance remembers at most: a few MiB. */
const TOKEN_CACHE_ENTRIES = 10_000;

/**
 * SQLite: how often, at most, another process's commit is looked for. Reading the commit
 * counter costs about what the token lookup it saves does, so a busy server reads it once a
 * millisecond, not once a request; an operator command's commit is noticed within 1 ms.
 */
const DATA_VERSION_CHECK_MS = 1;

/**
 * The access-token cache of this instance and the channel that keeps it honest
 * (docs/decisions/021): `announce` forgets the ended sessions here at once and, with Redis,
 * publishes them to every instance, each of which forgets them on receipt. Without Redis there
 * is one server; on SQLite another process's commit (the operator CLI) empties the cache.
 */
export class SessionEnds implements SessionEndsNotifier {
  readonly cache: TokenCache;
  /** With Redis: the subscriber's name on the Redis server (CLIENT LIST). */
  readonly connectionName: string | null;
  #listening: boolean;
  #seenDataVersion: number | null;
  #nextDataVersionCheck = 0;
  readonly #monotonicMs: () => number;

  constructor(
    private readonly options: {
      cacheSeconds: number;
      redis: Redis | null;
      dataVersion?: () => number;
      onPublishError: (error: unknown) => void;
      monotonicMs?: () => number;
    },
  ) {
    this.#monotonicMs = options.monotonicMs ?? (() => performance.now());
    this.cache = new TokenCache(TOKEN_CACHE_ENTRIES, options.cacheSeconds * 1000, this.#monotonicMs);
    this.connectionName = options.redis ? `account-centre:session-ends:${randomBytes(6).toString('hex')}` : null;
    // Without Redis nothing can be missed; with it, only once subscribed.
    this.#listening = options.redis === null;
    this.#seenDataVersion = options.dataVersion?.() ?? null;
  }

  /**
   * Whether the cache may answer now. Not while the Redis subscriber is down: a revocation
   * published meanwhile would be missed, so every request asks the database until it is back
   * (and the cache, emptied, starts again).
   */
  usable(): boolean {
    if (!this.#listening || this.options.cacheSeconds === 0) return false;
    const { dataVersion } = this.options;
    if (dataVersion && this.#monotonicMs() >= this.#nextDataVersionCheck) {
      this.#nextDataVersionCheck = this.#monotonicMs() + DATA_VERSION_CHECK_MS;
      const version = dataVersion();
      if (version !== this.#seenDataVersion) {
        this.#seenDataVersion = version;
        this.cache.clear();
      }
    }
    return true;
  }

  get listening(): boolean {
    return this.#listening;
  }

  async announce(ended: Ended): Promise<void> {
    this.cache.forget(ended);
    const { redis } = this.options;
    if (!redis) return;
    try {
      await redis.publish(SESSION_ENDS_CHANNEL, JSON.stringify(ended));
    } catch (error) {
      // The sessions have ended in the database; other instances stop trusting what they
      // remember of them within the cache's maximum age at the latest.
      this.options.onPublishError(error);
    }
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
    this.#listening = true;
  }

  unsubscribed(): void {
    this.#listening = false;
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
        client ??= new Redis(redisUrl, { maxRetriesPerRequest: 2 });
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
    const sessionEnds = new SessionEnds({
      cacheSeconds: app.config.tokenCacheSeconds,
      redis: app.redis,
      ...(options.dataVersion ? { dataVersion: options.dataVersion } : {}),
      onPublishError: (error) => app.log.error({ err: error }, 'ended sessions not announced to other instances'),
    });
    app.decorate('sessionEnds', sessionEnds);
    if (!app.redis) return;

    // A connection of its own: a subscribed connection can do nothing else. It subscribes
    // itself on every (re)connection, and only then is the cache trusted again.
    const subscriber = app.redis.duplicate({
      connectionName: sessionEnds.connectionName ?? undefined,
      autoResubscribe: false,
      lazyConnect: true,
      maxRetriesPerRequest: null,
    });
    let closing = false;
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
    subscriber.on('error', (error: Error) => app.log.warn({ err: error }, 'session ends: Redis subscriber'));
    await subscriber.connect();
    await subscribe();
    // Later connections (after a drop) subscribe again as soon as they are ready.
    subscriber.on('ready', () => void subscribe());
    app.addHook('onClose', async () => {
      closing = true;
      subscriber.disconnect();
    });
  },
  { name: 'session-ends', dependencies: ['redis'] },
);
