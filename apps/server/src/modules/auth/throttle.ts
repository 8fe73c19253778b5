import { AccountErrorCode, ServerMsg } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { tooMany } from '../../lib/errors.js';
import * as repo from './auth.repository.js';

/**
 * Brute-force limits of sign-in, kept in the database so that every instance shares them:
 * 5 failed tries per account and 50 per IP address within 15 minutes lock that key for
 * 15 minutes. A try is reserved before the password or code is evaluated and given back when
 * it succeeds, so a burst of concurrent guesses can never evaluate more than the limit.
 */
export const signInLimits = {
  account: { limit: 5, windowSeconds: 900, lockSeconds: 900 },
  ip: { limit: 50, windowSeconds: 900, lockSeconds: 900 },
} as const;

export interface ThrottleKeys {
  /** The account as typed (normalised): the same key whether or not the account exists. */
  account: string;
  ip: string | null;
}

const accountKey = (account: string) => `account:${account}`;

/** The throttle rows of an account's addresses (its sign-in names), for closing the account. */
export const accountThrottleKeys = (addresses: readonly string[]) => addresses.map(accountKey);
const ipKey = (ip: string) => `ip:${ip}`;

/** Reserves one try for the IP and the account, or answers 429 `login limit`, code 16. */
export async function reserveSignInTry(db: Db, keys: ThrottleKeys, now: number): Promise<void> {
  if (keys.ip !== null) {
    const ip = ipKey(keys.ip);
    await repo.ensureThrottleRow(db, ip, now);
    if (!(await repo.reserveThrottleTry(db, ip, now, signInLimits.ip))) throw loginLimit();
  }
  const account = accountKey(keys.account);
  await repo.ensureThrottleRow(db, account, now);
  if (!(await repo.reserveThrottleTry(db, account, now, signInLimits.account))) {
    // Nothing was evaluated for this request: the IP's try goes back.
    if (keys.ip !== null) await repo.refundThrottleTry(db, ipKey(keys.ip), signInLimits.ip.limit);
    throw loginLimit();
  }
}

/**
 * After a successful sign-in: the account's counter starts afresh (its owner proved the
 * secret); the IP only gets this try back, so one known account cannot wash an IP clean.
 */
export async function settleSuccessfulTry(db: Db, keys: ThrottleKeys): Promise<void> {
  await repo.clearThrottle(db, accountKey(keys.account));
  if (keys.ip !== null) await repo.refundThrottleTry(db, ipKey(keys.ip), signInLimits.ip.limit);
}

/** A password reset proves the mailbox or phone: the account's lock ends with it. */
export function clearAccountThrottle(db: Db, account: string) {
  return repo.clearThrottle(db, accountKey(account));
}

function loginLimit() {
  return tooMany(ServerMsg.loginLimit, AccountErrorCode.loginLimit);
}
