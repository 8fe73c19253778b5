/**
 * E-mail: a local part of letters, digits and some symbols, `@`, dot-separated domain labels
 * (spec 01 §5). Kept deliberately close to what users type; deliverability is proven by the
 * verification code, not by the pattern.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/** Mainland mobile: 11 digits, 1 then 3–9 then 9 digits (spec 02 §5). */
export const MAINLAND_MOBILE_PATTERN = '^1[3-9]\\d{9}$';

/** Upper bound of an e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const emailRegExp = new RegExp(EMAIL_PATTERN);
const mobileRegExp = new RegExp(MAINLAND_MOBILE_PATTERN);

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailRegExp.test(value);
}

export function isMainlandMobile(value: string): boolean {
  return mobileRegExp.test(value);
}

/** E-mail addresses are compared case-insensitively and stored lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export type AccountKind = 'email' | 'mobile';

/** Tells whether a sign-in account string is an e-mail or a mainland mobile number. */
export function accountKind(value: string): AccountKind | null {
  const trimmed = value.trim();
  if (isEmail(trimmed)) return 'email';
  if (isMainlandMobile(trimmed)) return 'mobile';
  return null;
}
