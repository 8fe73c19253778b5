import {
  createTicketRoute,
  exchangeTicketRoute,
  loginRoute,
  logoutRoute,
  normaliseEmail,
  refreshRoute,
  registerRoute as registerAccountRoute,
  resetPasswordRoute,
  sendCodeRoute,
  AuthErrors,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../lib/errors.js';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import * as auth from './auth.service.js';
import { acceptedLanguage, clientInfo, requestRegion } from '../../lib/caller.js';
import { sendCode } from './codes.service.js';
import { clearRefreshCookie, deliverSignIn, refreshTokenFromCookie } from './refresh-cookie.js';
import type { SignIn } from './tokens.js';

/** Sign-in service under /api/auth (docs/architecture.md#sign-in). Thin: HTTP in, service call, envelope out. */
export async function authRoutes(app: FastifyInstance) {
  registerRoute(app, sendCodeRoute, async ({ body, request }) => {
    const target =
      'email' in body
        ? { channel: 'email' as const, target: normaliseEmail(body.email) }
        : { channel: 'sms' as const, target: body.mobile };
    const region = requestRegion(request);
    const language = acceptedLanguage(request.headers['accept-language'], region);
    return ok(await sendCode(app, { ...target, purpose: body.purpose }, region, language));
  });

  registerRoute(app, registerAccountRoute, async ({ body, request, reply }) =>
    ok(deliver(request, reply, await auth.register(app, body, requestRegion(request), clientInfo(request)))),
  );

  registerRoute(app, loginRoute, async ({ body, request, reply }) =>
    ok(deliver(request, reply, await auth.login(app, body, clientInfo(request)))),
  );

  // A desktop client sends its refresh token in the body; the web app sends none and has the
  // browser send the cookie. No token either way → the same answer as an unknown one.
  registerRoute(app, refreshRoute, async ({ body, request, reply }) => {
    const refreshToken = body.refresh_token ?? refreshTokenFromCookie(request);
    if (refreshToken === null) throw appError(AuthErrors.invalidRefreshToken);
    return ok(deliver(request, reply, await auth.refresh(app, refreshToken, clientInfo(request))));
  });

  registerRoute(app, logoutRoute, async ({ caller, request, reply }) => {
    await auth.logout(app, caller, caller.client);
    clearRefreshCookie(request, reply, app.config);
    return okEmpty();
  });

  registerRoute(app, resetPasswordRoute, async ({ body, request }) => {
    await auth.resetPassword(app, body, clientInfo(request));
    return okEmpty();
  });

  registerRoute(app, createTicketRoute, async ({ caller }) => ok(await auth.createTicket(app, caller.userId)));

  registerRoute(app, exchangeTicketRoute, async ({ body, request, reply }) =>
    ok(deliver(request, reply, await auth.exchangeTicket(app, body.ticket, clientInfo(request)))),
  );

  /** A sign-in answer with the refresh token where the caller keeps it (refresh-cookie.ts). */
  const deliver = (request: FastifyRequest, reply: FastifyReply, signIn: SignIn) =>
    deliverSignIn(request, reply, app.config, signIn);
}
