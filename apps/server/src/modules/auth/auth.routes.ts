import {
  CommonErrors,
  createTicketRoute,
  exchangeTicketRoute,
  loginRoute,
  logoutRoute,
  normaliseEmail,
  refreshRoute,
  registerRoute as registerAccountRoute,
  resetPasswordRoute,
  sendCodeRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../lib/errors.js';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import * as auth from './auth.service.js';
import { clientInfo, requestRegion } from './client-info.js';
import { sendCode } from './codes.service.js';

/** Sign-in service under /api/auth (DESIGN.md §4). Thin: HTTP in, service call, envelope out. */
export async function authRoutes(app: FastifyInstance) {
  registerRoute(app, sendCodeRoute, async ({ body, request }) => {
    const target =
      'email' in body
        ? { channel: 'email' as const, target: normaliseEmail(body.email) }
        : { channel: 'sms' as const, target: body.mobile };
    return ok(await sendCode(app, { ...target, purpose: body.purpose }, requestRegion(app, request)));
  });

  registerRoute(app, registerAccountRoute, async ({ body, request }) =>
    ok(await auth.register(app, body, requestRegion(app, request), clientInfo(request))),
  );

  registerRoute(app, loginRoute, async ({ body, request }) => ok(await auth.login(app, body, clientInfo(request))));

  registerRoute(app, refreshRoute, async ({ body, request }) =>
    ok(await auth.refresh(app, body.refresh_token, clientInfo(request))),
  );

  registerRoute(app, logoutRoute, async ({ request }) => {
    await auth.logout(app, signedIn(request), clientInfo(request));
    return okEmpty();
  });

  registerRoute(app, resetPasswordRoute, async ({ body, request }) => {
    await auth.resetPassword(app, body, clientInfo(request));
    return okEmpty();
  });

  registerRoute(app, createTicketRoute, async ({ request }) =>
    ok(await auth.createTicket(app, signedIn(request).userId)),
  );

  registerRoute(app, exchangeTicketRoute, async ({ body, request }) =>
    ok(await auth.exchangeTicket(app, body.ticket, clientInfo(request))),
  );
}

/** The guard of `access: 'user'` routes has run; this only narrows the type. */
function signedIn(request: FastifyRequest) {
  if (!request.auth) throw appError(CommonErrors.unauthorized);
  return request.auth;
}
