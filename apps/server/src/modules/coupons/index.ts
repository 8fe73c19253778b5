import { defineModule } from '../manifest.js';
import { couponDefineCommand } from './coupons.commands.js';
import { couponRoutes } from './coupons.routes.js';
import { couponForfeits } from './coupons.service.js';

/**
 * Coupons (spec 01 §2 "Coupons screen", §4; docs/decisions/028): what each coupon is, and the one
 * an account holds — a grant of the grants module, bound through a code of the codes module.
 */
export const couponsModule = defineModule({
  name: 'coupons',
  routes: [couponRoutes],
  commands: [couponDefineCommand],
  closingForfeits: couponForfeits,
  tables: {
    coupons: { personal: false, why: 'what each coupon takes off and for how long; who holds one is a grant' },
  },
});

// The door: what other modules use of coupons (docs/architecture.md#module-doors).
export type { BoundCodes } from './bound-codes.js';
export { type CouponDto, couponView, findCoupon, holdCoupon, liveCouponGrant } from './coupons.service.js';
