import { sendSecurityAlert } from '../alerts/index.js';
import { createHash } from 'node:crypto';
import { AuthErrors } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import * as repo from './auth.repository.js';
import { deleteSendWindow } from './codes.repository.js';

/**
 * Brute-force limits of sign-in (docs/decisions/015), kept in the database so that every
 * instance shares them. Three keys count every try:
 *
 * - an IP address: 50 failures within 15 minutes lock it for 15 minutes (spraying across
 *   accounts);
 * - an account at one address: 5 failures within 15 minutes lock that pair for 15 minutes.
 *   Other addresses are not touched, so a stranger who knows the account cannot lock its
 *   owner out;
 * - the account at every address: after 50 failures each further try waits, 1 s after the
 *   50th, then twice as long after each one, at most 15 minutes. It never locks: once the
 *   wait has passed, the owner's right password works. The count is forgotten after 12 hours
 *   without a try.
 *
 * A try is reserved under all three before the password or code is evaluated and given back
 * when it succeeds (or turns out not to be a guess), so a burst of concurrent guesses can
 * never evaluate more than a limit allows.
 */
export const signInLimits = {
  ip: { limit: 50, windowSeconds: 900, lockSeconds: 900 },
  accountAtAddress: { limit: 5, windowSeconds: 900, lockSeconds: 900 },
  account: { freeTries: 50, firstDelaySeconds: 1, maxDelaySeconds: 900, quietResetSeconds: 12 * 3600 },
} as const satisfies {
  ip: { limit: number; windowSeconds: number; lockSeconds: number };
  accountAtAddress: { limit: number; windowSeconds: number; lockSeconds: number };
  account: repo.DelayRule;
};

export interface ThrottleKeys {
  /** The account as typed (normalised): the same key whether or not the account exists. */
  account: string;
  ip: string | null;
}

const accountKey = (account: string) => `account:${account}`;

const ipKey = (ip: string) => `ip:${ip}`;
/**
 * The account is hashed in the pair's key so that the longest account and address still fit
 * the key column; the row's `account` column keeps it for a reset or closing the account.
 */
const pairKey = (keys: ThrottleKeys) =>
  `pair:${createHash('sha256').update(keys.account).digest('hex')}@${keys.ip ?? ''}`;

/**
 * Reserves one try for the IP, the account at that IP and the account, or answers 429
 * `login limit`, code 16 — with `retry_after` (seconds) when the account's wait is running.
 */
export async function reserveSignInTry(db: Db, keys: ThrottleKeys, now: number): Promise<void> {
  const reserved: Array<() => Promise<unknown>> = [];
  // Nothing is evaluated for a refused request: the tries already taken go back.
  const refuse = async (error: ReturnType<typeof loginLimit>) => {
    for (const giveBack of reserved) await giveBack();
    return error;
  };

  if (keys.ip !== null) {
    const ip = ipKey(keys.ip);
    const taken = await reserveUnder(db, ip, now, null, () => repo.reserveThrottleTry(db, ip, now, signInLimits.ip));
    if (!taken) throw loginLimit();
    reserved.push(() => repo.refundThrottleTry(db, ip, signInLimits.ip.limit));
  }

  const pair = pairKey(keys);
  const pairTaken = await reserveUnder(db, pair, now, keys.account, () =>
    repo.reserveThrottleTry(db, pair, now, signInLimits.accountAtAddress),
  );
  if (!pairTaken) throw await refuse(loginLimit());
  reserved.push(() => repo.refundThrottleTry(db, pair, signInLimits.accountAtAddress.limit));

  const account = accountKey(keys.account);
  const accountTaken = await reserveUnder(db, account, now, keys.account, () =>
    repo.reserveDelayedTry(db, account, now, signInLimits.account),
  );
  if (!accountTaken) {
    const row = await repo.findThrottle(db, account);
    // At least 1: the wait may have ended between the refusal and this read.
    const wait = Math.max(1, (row?.locked_until ?? now) - now);
    throw await refuse(loginLimit({ retry_after: wait }));
  }
}

/**
 * Takes a try under a key, making its row on the key's first try; undefined when the key is
 * locked or waiting. A row the record sweep deletes between the insert (a no-op: the row was
 * there, spent) and the reserve would read as a lock, so a row found missing is made again and
 * the try taken once more; a row just made is never one the sweep deletes.
 */
async function reserveUnder<T>(
  db: Db,
  key: string,
  now: number,
  account: string | null,
  reserve: () => Promise<T | undefined>,
): Promise<T | undefined> {
  await repo.ensureThrottleRow(db, key, now, account);
  const taken = await reserve();
  if (taken !== undefined || (await repo.findThrottle(db, key)) !== undefined) return taken;
  await repo.ensureThrottleRow(db, key, now, account);
  return reserve();
}

/**
 * After a successful sign-in: the account's counters (at this address and at every address)
 * start afresh, since its owner proved the secret; the IP only gets this try back, so one
 * known account cannot wash an IP clean.
 */
export async function settleSuccessfulTry(db: Db, keys: ThrottleKeys): Promise<void> {
  await repo.clearThrottle(db, pairKey(keys));
  await repo.clearThrottle(db, accountKey(keys.account));
  if (keys.ip !== null) await repo.refundThrottleTry(db, ipKey(keys.ip), signInLimits.ip.limit);
}

/**
 * Gives back every try of a request that guessed nothing: a code that a success consumed a
 * moment earlier, sent again (a double submit, a retried request, a second tab).
 */
export async function releaseSignInTry(db: Db, keys: ThrottleKeys): Promise<void> {
  await repo.refundThrottleTry(db, pairKey(keys), signInLimits.accountAtAddress.limit);
  await repo.refundThrottleTry(db, accountKey(keys.account), signInLimits.account.freeTries);
  if (keys.ip !== null) await repo.refundThrottleTry(db, ipKey(keys.ip), signInLimits.ip.limit);
}

/** A password reset proves the mailbox or phone: the account's locks and waits end with it. */
export function clearAccountThrottle(db: Db, account: string) {
  return repo.clearAccountThrottles(db, [account]);
}

/** What an operator's release lifted (`signin:release`). */
export interface Released {
  account: string;
  /** The account's own row and its rows at each address it was tried from. */
  throttle_rows: number;
  /** Whether codes had been sent to it lately (their spacing and day's count are forgotten). */
  code_sends: boolean;
  /** The account at that address, if there is one; the release is recorded in its audit trail. */
  user_id: number | null;
}

/**
 * Lifts the limits of one e-mail address or mobile number, for a person support has verified:
 * the lock after wrong passwords at each address it was tried from, the account's growing wait,
 * and the spacing and daily count of the codes sent to it. The limits of a network address are
 * about spraying across accounts, not about this person, and stay. Recorded in the audit trail
 * of the account at that address, with the operator's reason.
 */
export async function releaseLimits(
  db: Db,
  account: { column: repo.AccountColumn; value: string },
  reason: string,
  now: number,
): Promise<Released> {
  return db.transaction().execute(async (trx) => {
    const cleared = await clearAccountThrottle(trx, account.value);
    const released: Released = {
      account: account.value,
      throttle_rows: cleared.reduce((sum, result) => sum + Number(result.numDeletedRows), 0),
      code_sends: await deleteSendWindow(trx, account.value),
      user_id: (await repo.findUserForSignIn(trx, account.column, account.value))?.id ?? null,
    };
    if (released.user_id !== null) {
      const detail = { reason, throttle_rows: released.throttle_rows, code_sends: released.code_sends };
      const event = { userId: released.user_id, kind: 'signin.released', ip: null, userAgent: null, detail };
      await repo.insertAuditEvent(trx, event, now);
      await sendSecurityAlert(trx, released.user_id, { kind: 'signInReleased' }, now);
    }
    return released;
  });
}

/**
 * Deletes the rows that had stopped mattering by `asOf` (docs/decisions/015 and 039): no lock or
 * wait running, the counting window over (15 minutes for an address and for a pair) and, for an
 * account's own row, the quiet spell after its last try over (12 hours). A try finds such a row
 * as it finds none — the count starts again at 1, with no lock — so deleting it changes no
 * answer. The rows of an address and of a pair never have a last try; an account's row starts
 * its window at its first try after a quiet spell, so its window is over whenever its quiet
 * spell is.
 */
export function deleteSpentThrottleRows(db: Db, asOf: number): Promise<number> {
  const windowSeconds = Math.max(signInLimits.ip.windowSeconds, signInLimits.accountAtAddress.windowSeconds);
  return repo.deleteThrottleRowsOver(db, {
    windowStartedBy: asOf - windowSeconds,
    lastTryBy: asOf - signInLimits.account.quietResetSeconds,
    lockEndedBy: asOf,
  });
}

function loginLimit(data?: { retry_after: number }) {
  return appError(AuthErrors.loginLimit, data);
}
