import { redeemGiftCodeRoute, redeemLicenceCodeRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute, type RouteContext } from '../../lib/register-route.js';
import { redeemCode } from './codes.service.js';

/** Redeeming codes (spec 01 §7 bindAccount, bindGift): the licence call and the gift call. */
export async function codeRoutes(app: FastifyInstance) {
  const redeem = async (
    { caller, body, idempotency }: RouteContext<typeof redeemLicenceCodeRoute | typeof redeemGiftCodeRoute>,
    via: 'licence' | 'gift',
  ) =>
    ok(
      await redeemCode(
        {
          db: app.db,
          secretKey: app.config.secretKey,
          now: app.clock.now(),
          markApplied: (trx) => idempotency.markApplied(trx),
        },
        // An address is always known on a socket; "unknown" only groups what a proxy hid.
        { userId: caller.userId, region: caller.region, ip: caller.client.ip ?? 'unknown', code: body.code, via },
      ),
    );
  registerRoute(app, redeemLicenceCodeRoute, (context) => redeem(context, 'licence'));
  registerRoute(app, redeemGiftCodeRoute, (context) => redeem(context, 'gift'));
}
