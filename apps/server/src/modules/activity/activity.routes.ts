import { activityBariconRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { requestRegion } from '../../lib/caller.js';
import { runningTag } from './activity.service.js';

export async function activityRoutes(app: FastifyInstance) {
  registerRoute(app, activityBariconRoute, async ({ query, request }) =>
    ok(await runningTag(app.db, query.position, requestRegion(request), app.clock.now())),
  );
}
