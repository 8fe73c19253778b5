import { getCouponsRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { heldCoupons } from './coupons.service.js';

/** The coupon an account holds (spec 01 §7 getCounpon). Binding one is a redemption: modules/codes. */
export async function couponRoutes(app: FastifyInstance) {
  registerRoute(app, getCouponsRoute, async ({ caller }) =>
    ok(await heldCoupons(app.db, caller.userId, app.clock.now(), app.boundCodes, caller)),
  );
}
