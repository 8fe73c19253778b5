import { parseDecimal } from '../http/input.js';
import { isEmail, isMainlandMobile } from './patterns.js';

/**
 * Template authors' income and its withdrawal (spec 01 §2 "Property (income) screen", §4, §5,
 * §6, §9). Money is in fen; the withdrawal form's amount is whole yuan, as the person types it.
 */

/** The products income is earned in: `mm` mind-map, `em` diagram. */
export const incomeProducts = ['mm', 'em'] as const;
export type IncomeProduct = (typeof incomeProducts)[number];

/** What an income entry records. A refund and a cancelled cashback are entries of their own. */
export const incomeKinds = ['sale', 'cashback', 'sale_refund', 'cashback_cancel'] as const;
export type IncomeKind = (typeof incomeKinds)[number];

/** The platform's share of a template sale (spec 01 §6: 30% to the platform, 70% to the author). */
export const PLATFORM_FEE_PERCENT = 30;
/** A friend's order's cashback is locked this long after the order (spec 01 §4, §9). */
export const CASHBACK_LOCK_DAYS = 7;
/** Withdrawals: at least 50 CNY, in steps of 10 CNY (spec 01 §5, §9). */
export const WITHDRAWAL_MIN_YUAN = 50;
export const WITHDRAWAL_STEP_YUAN = 10;
/** The payout of a month's requests is due from this day of the next month (spec 01 §4). */
export const PAYOUT_DAY_OF_MONTH = 10;

/**
 * The platform fee of a sale of `gross` fen (a whole number), the author keeping the rest: 30%
 * rounded to the fen, half a fen up, and at least 1 fen, so that no sale is too small to carry
 * it (a 1-fen sale is the platform's whole, its author's share 0); never more than the sale.
 * In whole numbers, exact for any sale (docs/decisions/053).
 */
export function platformFee(gross: number): number {
  if (gross < 1) return 0;
  const rounded = Math.floor((gross * PLATFORM_FEE_PERCENT + 50) / 100);
  return Math.min(gross, Math.max(1, rounded));
}

/** What a withdrawal is in: asked for and waiting, paid, or not paid (the amount came back). */
export const withdrawalStates = ['submitted', 'paid', 'failed'] as const;
export type WithdrawalState = (typeof withdrawalStates)[number];

/** The withdrawal form as the person fills it (spec 01 §3 "Withdrawal request"). */
export interface WithdrawalForm {
  /** The Alipay account paid into: a mainland mobile number or an e-mail address. */
  zfb: string;
  identity_card: string;
  name: string;
  mobile: string;
  amount: string | number;
}

/**
 * The spec's client tips for the form's checks (spec 01 §8): tips6 payment account, tips7
 * identity card, tips5 name, tips9 phone, then tips1 above the balance, tips2 not a multiple of
 * 10, tips3 below 50.
 */
export type WithdrawalTip = 'tips1' | 'tips2' | 'tips3' | 'tips5' | 'tips6' | 'tips7' | 'tips9';

/** The form field each check belongs to, so a screen shows its message there. */
export const withdrawalTipField: Record<WithdrawalTip, keyof WithdrawalForm> = {
  tips6: 'zfb',
  tips7: 'identity_card',
  tips5: 'name',
  tips9: 'mobile',
  tips1: 'amount',
  tips2: 'amount',
  tips3: 'amount',
};

/** Province-level codes that open a resident identity number (GB/T 2260; 71, 81, 82, 83 for Taiwan, Hong Kong and Macao). */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);
const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/**
 * A mainland resident identity number (GB 11643): 18 characters — 17 digits and a check
 * character (ISO 7064 MOD 11-2, `X` for 10) — opening with a real province code and holding a
 * real birth date no later than `today` (YYYYMMDD as a number).
 */
export function isIdentityCardNumber(value: string, today: number): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  if (!PROVINCE_CODES.has(Number(value.slice(0, 2)))) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDate = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  if (!realDate || year < 1800 || year * 10_000 + month * 100 + day > today) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (CHECK_WEIGHTS[i] as number);
  return CHECK_CHARACTERS[sum % 11] === value[17]?.toUpperCase();
}

/** The identity number as the screens and operators see it: region and last four only. */
export function maskIdentityCard(value: string): string {
  return `${value.slice(0, 3)}${'*'.repeat(Math.max(0, value.length - 7))}${value.slice(-4)}`;
}

/**
 * The amount typed, in yuan: anything that is not a number in plain decimal digits (up to fen)
 * counts as 0 (spec 01 §5) — `"0x32"` and `"5e1"` too, which `Number()` reads as 50.
 */
export function withdrawalYuan(amount: string | number): number {
  const value = typeof amount === 'number' ? amount : (parseDecimal(amount.trim(), 2) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The first check the form fails, in the spec's order (spec 01 §5), or null when it may be
 * sent. `availableFen` is the income that can be withdrawn; `today` is YYYYMMDD in China.
 */
export function withdrawalProblem(form: WithdrawalForm, availableFen: number, today: number): WithdrawalTip | null {
  const account = form.zfb.trim();
  if (account === '' || !(isMainlandMobile(account) || isEmail(account))) return 'tips6';
  if (!isIdentityCardNumber(form.identity_card.trim(), today)) return 'tips7';
  if (form.name.trim() === '') return 'tips5';
  if (!isMainlandMobile(form.mobile.trim())) return 'tips9';
  const yuan = withdrawalYuan(form.amount);
  if (yuan * 100 > availableFen) return 'tips1';
  if (yuan % WITHDRAWAL_STEP_YUAN !== 0) return 'tips2';
  if (yuan < WITHDRAWAL_MIN_YUAN) return 'tips3';
  return null;
}

/** YYYYMMDD of a moment in China (UTC+8, no daylight saving), for the birth-date check. */
export function chinaDateNumber(unixSeconds: number): number {
  const date = new Date((unixSeconds + 8 * 3600) * 1000);
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}
