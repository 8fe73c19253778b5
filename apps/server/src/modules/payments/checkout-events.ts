import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { firstConnection, redisReady } from '../../plugins/redis.js';

/** The Redis channel on which instances tell each other that a checkout changed. */
export const CHECKOUT_EVENTS_CHANNEL = 'account-centre:checkouts';

/**
 * Tells whoever listens on this instance — a pay screen's event stream — that a checkout changed,
 * wherever the change happened: with Redis every instance publishes there and hears every
 * change; without it there is one server and the news stays in the process. The message is only
 * the checkout's number: listeners read the state from the database, so a lost or repeated
 * message costs a read, never a wrong state.
 */
export class CheckoutEvents {
  readonly #local = new EventEmitter();
  #subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis | null,
    private readonly onError: (error: unknown) => void,
  ) {
    // One listener per open pay screen: many may be open at once.
    this.#local.setMaxListeners(0);
  }

  /**
   * Starts hearing other instances' changes (with Redis). A Redis away at the start or later
   * does not stop the server: the subscriber subscribes on every connection it makes, and
   * meanwhile screens fall back to their poll (docs/decisions/054).
   */
  async start(): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.duplicate({ autoResubscribe: false, maxRetriesPerRequest: 0 });
    this.#subscriber = subscriber;
    subscriber.on('message', (_channel: string, outTradeNo: string) => this.#local.emit(outTradeNo));
    // Once per spell away: the failed tries that follow, every 2 s at most, say nothing new.
    let away = false;
    subscriber.on('error', (error: Error) => {
      if (!away) this.onError(error);
      away = true;
    });
    let subscribing: Promise<unknown> = Promise.resolve();
    subscriber.on('ready', () => {
      away = false;
      subscribing = subscriber.subscribe(CHECKOUT_EVENTS_CHANNEL).catch(this.onError);
    });
    await firstConnection(subscriber, 2 * (this.redis.options.commandTimeout ?? 500));
    await subscribing;
  }

  async stop(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** After the change has committed: every instance's listeners of the checkout read it again. */
  async changed(outTradeNo: string): Promise<void> {
    // A connection known to be down is not waited for: only this instance's screens hear it.
    if (this.redis && redisReady(this.redis)) {
      try {
        await this.redis.publish(CHECKOUT_EVENTS_CHANNEL, outTradeNo);
        return;
      } catch (error) {
        // Other instances' screens fall back to their poll; this one's still hear it.
        this.onError(error);
      }
    }
    this.#local.emit(outTradeNo);
  }

  /** Calls `listener` on each change of the checkout until the returned function is called. */
  listen(outTradeNo: string, listener: () => void): () => void {
    this.#local.on(outTradeNo, listener);
    return () => this.#local.off(outTradeNo, listener);
  }
}
