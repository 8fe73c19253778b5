import {
  CommonErrors,
  deviceProducts,
  deviceRoutes,
  endSessionRoute,
  listSessionsRoute,
  notMeRoute,
  signInHistoryRoute,
  signOutDeviceRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../lib/errors.js';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { clientInfo } from '../auth/client-info.js';
import { activateDevice, type Actor, listProductDevices, unbindDevice } from './devices.service.js';
import { endSession, listSessions, secureAccount, signInHistory, signOutDevice } from './sessions.service.js';

/** The caller as the services see it; the route guard has checked the token already. */
function actorOf(request: FastifyRequest): Actor & { sessionId: string } {
  if (!request.auth) throw appError(CommonErrors.unauthorized);
  const client = clientInfo(request);
  return {
    userId: request.auth.userId,
    sessionId: request.auth.sessionId,
    ip: client.ip,
    userAgent: client.userAgent,
    deviceId: client.deviceId,
  };
}

/**
 * Devices (spec 01 §2 "Devices screen", §7 device calls) and "where am I signed in": sessions,
 * sign-out per session and per device, sign-in history, "this wasn't me".
 */
export async function devicesRoutes(app: FastifyInstance) {
  for (const product of deviceProducts) {
    const routes = deviceRoutes[product];

    registerRoute(app, routes.list, async ({ request }) => {
      const { devices, limit } = await listProductDevices(app, actorOf(request), product);
      return { ...okList(devices, devices.length), limit };
    });

    registerRoute(app, routes.activate, async ({ request, body }) =>
      ok(await activateDevice(app, actorOf(request), product, body)),
    );

    registerRoute(app, routes.unbind, async ({ request, params }) =>
      ok(await unbindDevice(app, actorOf(request), product, params.id)),
    );
  }

  registerRoute(app, listSessionsRoute, async ({ request }) => {
    const { sessions, count } = await listSessions(app, actorOf(request));
    return okList(sessions, count);
  });

  registerRoute(app, endSessionRoute, async ({ request, params }) =>
    ok(await endSession(app, actorOf(request), params.sessionId)),
  );

  registerRoute(app, signOutDeviceRoute, async ({ request, params }) =>
    ok(await signOutDevice(app, actorOf(request), params.deviceId)),
  );

  registerRoute(app, signInHistoryRoute, async ({ params, query }) => {
    const { events, count } = await signInHistory(app, params.userId, query);
    return okList(events, count);
  });

  registerRoute(app, notMeRoute, async ({ request, body }) => ok(await secureAccount(app, actorOf(request), body)));
}
