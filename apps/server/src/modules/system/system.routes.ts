import { healthRoute } from '@account-centre/contract';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { registerRoute, ok } from '../../lib/register-route.js';

const startedAt = Date.now();

export async function systemRoutes(app: FastifyInstance) {
  registerRoute(app, healthRoute, async () => {
    // A round trip to each backing service, so a load balancer only routes to a working instance.
    await sql`select 1`.execute(app.db);
    if (app.redis) await app.redis.ping();
    return ok({
      database: app.dialect,
      redis: app.redis ? ('connected' as const) : ('not configured' as const),
      uptime: Math.floor((Date.now() - startedAt) / 1000),
    });
  });
}
