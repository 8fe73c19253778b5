import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Connects to Redis when REDIS_URL is set; `app.redis` is null otherwise. */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      // A connection already closed (dropped, or ended by hand) has nothing left to send.
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
