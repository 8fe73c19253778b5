import {
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  closeAccountRoute,
  getExchangeCodeRoute,
  replaceEmailRoute,
  replaceMobileRoute,
  secondMobileRoute,
  unbindEmailRoute,
  unbindIdentityRoute,
  unbindMobileRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import { clientInfo, requestRegion } from '../auth/client-info.js';
import {
  type Actor,
  bindAddress,
  changePassword,
  replaceAddress,
  unbindAddress,
  unbindIdentity,
} from './account.service.js';
import { closeAccount } from './close.service.js';
import { exchangeCode } from './exchange.service.js';

/**
 * Security items of the account screen (spec 01 §2, §4, §5, §7), close account and exchange
 * codes; path mapping in docs/decisions/007-account-security.md. The shared guard has already
 * checked the token and that `:userId` is the caller's own.
 */
export async function accountRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): Actor => {
    if (!request.auth) throw unauthorized();
    return {
      userId: request.auth.userId,
      sessionId: request.auth.sessionId,
      region: requestRegion(app, request),
      client: clientInfo(request),
    };
  };

  registerRoute(app, changePasswordRoute, async ({ body, request }) => {
    await changePassword(app, actor(request), body);
    return okEmpty();
  });

  registerRoute(app, bindEmailRoute, async ({ body, request }) =>
    ok(await bindAddress(app, actor(request), 'email', { value: body.email, code: body.code })),
  );
  registerRoute(app, replaceEmailRoute, async ({ body, request }) =>
    ok(
      await replaceAddress(app, actor(request), 'email', {
        value: body.email,
        oldCode: body.old_code,
        code: body.code,
      }),
    ),
  );
  registerRoute(app, unbindEmailRoute, async ({ body, request }) =>
    ok(await unbindAddress(app, actor(request), 'email', body)),
  );

  registerRoute(app, bindMobileRoute, async ({ body, request }) =>
    ok(await bindAddress(app, actor(request), 'mobile', { value: body.mobile, code: body.code })),
  );
  registerRoute(app, replaceMobileRoute, async ({ body, request }) =>
    ok(
      await replaceAddress(app, actor(request), 'mobile', {
        value: body.mobile,
        oldCode: body.old_code,
        code: body.code,
      }),
    ),
  );
  registerRoute(app, unbindMobileRoute, async ({ body, request }) =>
    ok(await unbindAddress(app, actor(request), 'mobile', body)),
  );

  registerRoute(app, secondMobileRoute, async ({ body, request }) =>
    ok(
      body.operate === 1
        ? await bindAddress(app, actor(request), 'second_mobile', { value: body.mobile, code: body.code })
        : await unbindAddress(app, actor(request), 'second_mobile', { code: body.code }),
    ),
  );

  registerRoute(app, unbindIdentityRoute, async ({ params, request }) =>
    ok(await unbindIdentity(app, actor(request), params.provider)),
  );

  registerRoute(app, closeAccountRoute, async ({ body, request }) => {
    await closeAccount(app, actor(request), body);
    return okEmpty();
  });

  registerRoute(app, getExchangeCodeRoute, async ({ params, query }) =>
    ok(await exchangeCode(app, params.userId, query.form_name)),
  );
}
