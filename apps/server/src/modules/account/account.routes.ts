import {
  bindByLinkRoute,
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  closeAccountRoute,
  CommonErrors,
  createBindLinkRoute,
  describeBindLinkRoute,
  getBindLinkStateRoute,
  getExchangeCodeRoute,
  replaceEmailRoute,
  replaceMobileRoute,
  secondMobileRoute,
  unbindEmailRoute,
  unbindIdentityRoute,
  unbindMobileRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../lib/errors.js';
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
import { bindByLink, bindLinkState, createBindLink, describeBindLink } from './bind-link.service.js';
import { closeAccount } from './close.service.js';
import { exchangeCode } from './exchange.service.js';

/** A host name (or IP literal) with an optional port, as a Host header may carry one. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The app's origin as the caller reached it: the same host (so the same region, DESIGN §5) and
 * scheme, as the region rule reads them (behind a proxy only when TRUST_PROXY is on).
 */
function publicOrigin(request: FastifyRequest): string {
  const host = request.host ?? '';
  if (!HOST.test(host)) throw appError(CommonErrors.invalidRequest);
  return `${request.protocol}://${host}`;
}

/**
 * Security items of the account screen (spec 01 §2, §4, §5, §7), close account and exchange
 * codes; path mapping in docs/decisions/007-account-security.md. The shared guard has already
 * checked the token and that `:userId` is the caller's own.
 */
export async function accountRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): Actor => {
    if (!request.auth) throw appError(CommonErrors.unauthorized);
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

  // Binding a phone from a computer by QR code (docs/decisions/009-phone-binding-by-link.md).
  registerRoute(app, createBindLinkRoute, async ({ request }) =>
    ok(await createBindLink(app, actor(request), publicOrigin(request))),
  );
  registerRoute(app, getBindLinkStateRoute, async ({ params }) => ok(await bindLinkState(app, params.userId)));
  registerRoute(app, describeBindLinkRoute, async ({ body, request }) =>
    ok(await describeBindLink(app, body.token, requestRegion(app, request))),
  );
  registerRoute(app, bindByLinkRoute, async ({ body, request }) =>
    ok(await bindByLink(app, body, { region: requestRegion(app, request), client: clientInfo(request) })),
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
