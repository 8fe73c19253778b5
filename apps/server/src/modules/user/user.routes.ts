import { getUserRoute, updateUserRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { getUserInfo, updateUserInfo } from './user.service.js';

/** The signed-in user's own information; the shared guard answers 403 for any other id. */
export async function userRoutes(app: FastifyInstance) {
  registerRoute(app, getUserRoute, async ({ params }) => ok(await getUserInfo(app, params.userId)));
  registerRoute(app, updateUserRoute, async ({ params, body }) => ok(await updateUserInfo(app, params.userId, body)));
}
