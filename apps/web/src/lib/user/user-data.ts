/**
 * The prefix of every query holding the user's own data (their info, orders, licences, points,
 * credit…): what a change that can show anywhere — a redeemed code, a purchase — invalidates, so
 * each screen reads its part again without one feature knowing another's keys.
 */
export const userDataKey = (userId: number) => ['user', userId] as const;
