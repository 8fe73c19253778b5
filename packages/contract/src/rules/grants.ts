/**
 * What a person can be given (docs/architecture.md#grants-and-ledgers; spec 01 "AI points", "Template
 * credit", "Coupons", "Courses", "Income"; spec 02 seats). Balance kinds are counted in their
 * smallest unit (a point, a template coupon, a fen/cent of income) and kept as ledgers; the
 * others are things or periods a person holds until they end or are taken back.
 */
export const balanceKinds = ['ai_points', 'template_credit', 'income'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

export const holdingKinds = ['licence', 'subscription', 'coupon', 'course', 'seats'] as const;
export type HoldingKind = (typeof holdingKinds)[number];

export const grantKinds = [...balanceKinds, ...holdingKinds] as const;
export type GrantKind = (typeof grantKinds)[number];

/**
 * Where a grant comes from. With the source's own id it is the grant's idempotency key: the
 * same order, code, plan renewal or operator action never grants the same kind twice.
 */
export const grantSources = ['order', 'code', 'plan', 'activity', 'operator'] as const;
export type GrantSource = (typeof grantSources)[number];

/** The largest amount one grant or one use may move: fits every integer column on both databases. */
export const GRANT_AMOUNT_MAX = 1_000_000_000;
