import { getTeamRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { teamOf } from './teams.service.js';

/** Teams of the diagram and project products (spec 02 §7 group order calls); the team screen adds its calls here. */
export async function teamRoutes(app: FastifyInstance) {
  registerRoute(app, getTeamRoute, async ({ params }) => ok(await teamOf(app.db, params.userId, params.product)));
}
