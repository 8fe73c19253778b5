import {
  bindByLinkRoute,
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  closeAccountRoute,
  createBindLinkRoute,
  getClosingForfeitsRoute,
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
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import { clientInfo, publicOrigin, requestRegion } from '../../lib/caller.js';
import { bindAddress, changePassword, replaceAddress, unbindAddress, unbindIdentity } from './account.service.js';
import { bindByLink, bindLinkState, createBindLink, describeBindLink } from './bind-link.service.js';
import { closeAccount, closingForfeits } from './close.service.js';
import { exchangeCode } from './exchange.service.js';

/** What a replace request gives the service: the new address, the old address's code and the new one's. */
const replacement = (value: string, body: { old_code: string; code: string }) => ({
  value,
  oldCode: body.old_code,
  code: body.code,
});

/**
 * Security items of the account screen (spec 01 §2, §4, §5, §7), close account and exchange
 * codes; path mapping in docs/decisions/007-account-security.md. The shared guard has already
 * checked the token and that `:userId` is the caller's own.
 */
export async function accountRoutes(app: FastifyInstance) {
  registerRoute(app, changePasswordRoute, async ({ caller, body }) => {
    await changePassword(app, caller, body);
    return okEmpty();
  });

  registerRoute(app, bindEmailRoute, async ({ caller, body }) =>
    ok(await bindAddress(app, caller, 'email', { value: body.email, code: body.code })),
  );
  registerRoute(app, replaceEmailRoute, async ({ caller, body }) =>
    ok(await replaceAddress(app, caller, 'email', replacement(body.email, body))),
  );
  registerRoute(app, unbindEmailRoute, async ({ caller, body }) => ok(await unbindAddress(app, caller, 'email', body)));

  registerRoute(app, bindMobileRoute, async ({ caller, body }) =>
    ok(await bindAddress(app, caller, 'mobile', { value: body.mobile, code: body.code })),
  );
  registerRoute(app, replaceMobileRoute, async ({ caller, body }) =>
    ok(await replaceAddress(app, caller, 'mobile', replacement(body.mobile, body))),
  );
  registerRoute(app, unbindMobileRoute, async ({ caller, body }) =>
    ok(await unbindAddress(app, caller, 'mobile', body)),
  );

  registerRoute(app, secondMobileRoute, async ({ caller, body }) =>
    ok(
      body.operate === 1
        ? await bindAddress(app, caller, 'second_mobile', { value: body.mobile, code: body.code })
        : await unbindAddress(app, caller, 'second_mobile', { code: body.code }),
    ),
  );

  // Binding a phone from a computer by QR code (docs/decisions/009-phone-binding-by-link.md).
  registerRoute(app, createBindLinkRoute, async ({ caller, request }) =>
    ok(await createBindLink(app, caller, publicOrigin(request))),
  );
  registerRoute(app, getBindLinkStateRoute, async ({ params }) => ok(await bindLinkState(app, params.userId)));
  registerRoute(app, describeBindLinkRoute, async ({ body, request }) =>
    ok(await describeBindLink(app, body.token, requestRegion(request))),
  );
  registerRoute(app, bindByLinkRoute, async ({ body, request }) =>
    ok(await bindByLink(app, body, { region: requestRegion(request), client: clientInfo(request) })),
  );

  registerRoute(app, unbindIdentityRoute, async ({ caller, params }) =>
    ok(await unbindIdentity(app, caller, params.provider)),
  );

  registerRoute(app, getClosingForfeitsRoute, async ({ caller }) =>
    ok({ items: await closingForfeits(app.modules, app.db, caller.userId, app.clock.now()) }),
  );
  registerRoute(app, closeAccountRoute, async ({ caller, body }) => {
    await closeAccount(app, caller, body);
    return okEmpty();
  });

  registerRoute(app, getExchangeCodeRoute, async ({ params, query }) =>
    ok(await exchangeCode(app, params.userId, query.form_name)),
  );
}
