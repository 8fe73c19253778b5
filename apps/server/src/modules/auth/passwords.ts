import { hash, verify } from '@node-rs/argon2';
import { AuthErrors } from '@account-centre/contract';
import { appError } from '../../lib/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { commonPasswords } from './common-passwords.js';

/**
 * argon2id with 64 MiB and 3 passes (RFC 9106's second recommended setting, one lane):
 * about 60–80 ms on the project's two-core machines. The parameters are written into each
 * hash, so raising them later leaves existing hashes verifiable. The library's default
 * algorithm is argon2id (its `Algorithm` is a const enum, which isolated modules cannot read);
 * the register tests check the `$argon2id$` prefix of stored hashes.
 */
const hashCosts = {
  standard: { memoryCost: 65_536, timeCost: 3, parallelism: 1 },
  /**
   * The cheapest argon2id the library accepts (1 MiB, one pass): for the test suite only, which
   * hashes thousands of passwords. Config refuses it outside NODE_ENV=test.
   */
  minimal: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof hashCosts;

let cost: PasswordHashCost = 'standard';

/** Set once by the app from its config (PASSWORD_HASH_COST). */
export function usePasswordHashCost(next: PasswordHashCost): void {
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashCosts[cost]);
}

const dummyHashes: Partial<Record<PasswordHashCost, Promise<string>>> = {};

/**
 * Checks a password against a stored hash. Without a hash (no such account, or an account
 * without a password) it still runs one argon2 verification against a throw-away hash of the
 * same parameters, so that the answer takes as long as for a real account and timing does
 * not tell which accounts exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    const dummyHash = (dummyHashes[cost] ??= hashPassword(randomToken()));
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error the caller could probe.
    return false;
  }
}

const common = new Set(commonPasswords);

/** Sequences whose straight runs make trivial passwords (12345678, abcdefgh, 87654321, qwertyui). */
const runs = ['01234567890', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Why a new password is refused, or null when it is acceptable. */
export function weakPasswordReason(password: string, accountNames: readonly string[] = []): string | null {
  const lower = password.toLowerCase();
  if (common.has(lower)) return 'common';
  if (/^(.)\1*$/su.test(password)) return 'repeated';
  if (runs.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower))) return 'sequence';
  // The account name itself (or its e-mail local part) is the first thing an attacker tries.
  if (accountNames.some((name) => name && lower === name.toLowerCase())) return 'account';
  return null;
}

/** Refuses a weak new password with 400 `weak password`, code 2 (spec 02 §8: password). */
export function assertStrongPassword(password: string, accountNames: readonly string[] = []): void {
  if (weakPasswordReason(password, accountNames) !== null) {
    throw appError(AuthErrors.weakPassword);
  }
}
