/**
 * An expiry past this moment means "forever" (spec 01 §4: beyond a far-future threshold, about
 * the year 2119). Stores write lifetime licences as dates a century out.
 */
export const FOREVER_THRESHOLD = Date.UTC(2119, 0, 1) / 1000;

export type ExpiryState = 'forever' | 'active' | 'expired';

/**
 * The state of one platform's expiry (unix seconds, 0 or null for none): forever, active (a
 * future date, shown), or expired (nothing shown).
 */
export function expiryState(expiresAt: number | null | undefined, now: number): ExpiryState {
  if (!expiresAt || expiresAt <= now) return 'expired';
  return expiresAt >= FOREVER_THRESHOLD ? 'forever' : 'active';
}

/** Per-platform and team expiries of a subscription record (spec 01 §3), unix seconds. */
export interface SubscriptionExpiries {
  win_exp?: number | null;
  mac_exp?: number | null;
  linux_exp?: number | null;
  online_exp?: number | null;
  mobile_exp?: number | null;
  ios_exp?: number | null;
  android_exp?: number | null;
  ppt_exp?: number | null;
  group_exp?: number | null;
  group_mobile_exp?: number | null;
}

export const expiryFields = [
  'win_exp',
  'mac_exp',
  'linux_exp',
  'online_exp',
  'mobile_exp',
  'ios_exp',
  'android_exp',
  'ppt_exp',
  'group_exp',
  'group_mobile_exp',
] as const satisfies readonly (keyof SubscriptionExpiries)[];

/** The team part of a record (spec 01 §3: `group_exp`, `group_mobile_exp`), given by a team seat. */
export const teamExpiryFields = [
  'group_exp',
  'group_mobile_exp',
] as const satisfies readonly (keyof SubscriptionExpiries)[];
type TeamExpiryField = (typeof teamExpiryFields)[number];
const isTeamExpiryField = (field: string): field is TeamExpiryField =>
  (teamExpiryFields as readonly string[]).includes(field);
/** Every platform expiry but the team's: what a person holds of their own. */
export const personalExpiryFields = expiryFields.filter((field) => !isTeamExpiryField(field));

/**
 * A person's own lifetime licence of a product (spec 02 §8, reason 4 of the add-failed prompt: "member
 * has a lifetime subscription", so a team has nothing to give them).
 */
export function hasLifetimeLicence(record: SubscriptionExpiries | null | undefined, now: number): boolean {
  return !!record && personalExpiryFields.some((field) => expiryState(record[field], now) === 'forever');
}

/** A user is VIP when any platform or team expiry of any record lies in the future (spec 01 §4). */
export function isVip(records: readonly SubscriptionExpiries[], now: number): boolean {
  return records.some((record) => expiryFields.some((field) => expiryState(record[field], now) !== 'expired'));
}
