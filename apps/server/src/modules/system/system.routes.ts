import { healthRoute } from '@account-centre/contract';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { registerRoute, ok } from '../../lib/register-route.js';
import { redisReady } from '../../plugins/redis.js';

const startedAt = Date.now();

/**
 * Redis as this instance sees it: a round trip when its connection is up (bounded by
 * `REDIS_TIMEOUT_MS`), `unavailable` at once when it is known to be down.
 */
async function redisState(redis: Redis | null) {
  if (!redis) return 'not configured' as const;
  if (!redisReady(redis)) return 'unavailable' as const;
  return redis.ping().then(
    () => 'connected' as const,
    () => 'unavailable' as const,
  );
}

export async function systemRoutes(app: FastifyInstance) {
  registerRoute(app, healthRoute, async () => {
    // A round trip to the database, so a load balancer only routes to an instance that can work.
    // Redis is reported, not required: every instance serves on without it, and failing them all
    // at once when the shared Redis goes away would stop the whole service (docs/decisions/054).
    await sql`select 1`.execute(app.db);
    return ok({
      database: app.dialect,
      redis: await redisState(app.redis),
      uptime: Math.floor((Date.now() - startedAt) / 1000),
    });
  });
}
