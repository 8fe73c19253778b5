import { bindCouponRoute, redeemGiftCodeRoute, redeemLicenceCodeRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute, type RouteContext } from '../../lib/register-route.js';
import { redeemCode, redeemCouponCode, type RedeemDeps } from './redemption.service.js';

type RedeemingRoute = typeof redeemLicenceCodeRoute | typeof redeemGiftCodeRoute | typeof bindCouponRoute;

/**
 * Redeeming codes (spec 01 §7 bindAccount, bindGift, activeCoupon): the licence call, the gift
 * call and the coupon call.
 */
export async function codeRoutes(app: FastifyInstance) {
  const deps = ({ idempotency }: RouteContext<RedeemingRoute>): RedeemDeps => ({
    db: app.db,
    secretKey: app.config.secretKey,
    now: app.clock.now(),
    markApplied: (trx) => idempotency.markApplied(trx),
  });
  // An address is always known on a socket; "unknown" only groups what a proxy hid.
  const who = ({ caller }: RouteContext<RedeemingRoute>) => ({
    userId: caller.userId,
    region: caller.region,
    ip: caller.client.ip ?? 'unknown',
  });
  registerRoute(app, redeemLicenceCodeRoute, async (context) =>
    ok(await redeemCode(deps(context), { ...who(context), code: context.body.code, via: 'licence' })),
  );
  registerRoute(app, redeemGiftCodeRoute, async (context) =>
    ok(await redeemCode(deps(context), { ...who(context), code: context.body.code, via: 'gift' })),
  );
  registerRoute(app, bindCouponRoute, async (context) =>
    ok(
      await redeemCouponCode(deps(context), {
        ...who(context),
        code: context.body.code,
        replaceCoupon: context.body.replace === true,
        language: context.caller.language,
      }),
    ),
  );
}
