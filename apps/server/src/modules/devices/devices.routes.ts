import {
  deviceProducts,
  deviceRoutes,
  endSessionRoute,
  listSessionsRoute,
  notMeRoute,
  signInHistoryRoute,
  signOutDeviceRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { activateDevice, listProductDevices, unbindDevice } from './devices.service.js';
import { endSession, listSessions, secureAccount, signInHistory, signOutDevice } from './sessions.service.js';

/**
 * Devices (spec 01 §2 "Devices screen", §7 device calls) and "where am I signed in": sessions,
 * sign-out per session and per device, sign-in history, "this wasn't me".
 */
export async function devicesRoutes(app: FastifyInstance) {
  for (const product of deviceProducts) {
    const routes = deviceRoutes[product];

    registerRoute(app, routes.list, async ({ caller }) => {
      const { devices, limit } = await listProductDevices(app, caller, product);
      return { ...okList(devices, devices.length), limit };
    });

    registerRoute(app, routes.activate, async ({ caller, body }) =>
      ok(await activateDevice(app, caller, product, body)),
    );

    registerRoute(app, routes.unbind, async ({ caller, params }) =>
      ok(await unbindDevice(app, caller, product, params.id)),
    );
  }

  registerRoute(app, listSessionsRoute, async ({ caller }) => {
    const { sessions, count } = await listSessions(app, caller);
    return okList(sessions, count);
  });

  registerRoute(app, endSessionRoute, async ({ caller, params }) =>
    ok(await endSession(app, caller, params.sessionId)),
  );

  registerRoute(app, signOutDeviceRoute, async ({ caller, params }) =>
    ok(await signOutDevice(app, caller, params.deviceId)),
  );

  registerRoute(app, signInHistoryRoute, async ({ params, query }) => {
    const { events, count } = await signInHistory(app, params.userId, query);
    return okList(events, count);
  });

  registerRoute(app, notMeRoute, async ({ caller, body }) => ok(await secureAccount(app, caller, body)));
}
