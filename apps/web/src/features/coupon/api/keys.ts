/**
 * Query keys of the coupon screen, each defined once (docs/architecture.md#web-conventions).
 * Under the user's prefix, so a redeemed gift code (which may give a coupon) fetches it again.
 */
export const couponKeys = { held: (userId: number) => ['user', userId, 'coupons'] as const };
