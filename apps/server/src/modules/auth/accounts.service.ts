import {
  AuthErrors,
  CommonErrors,
  isEmail,
  isMainlandMobile,
  maskPhone,
  normaliseEmail,
  type Region,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { type AppError, appError } from '../../lib/errors.js';
import { clipNickName, normaliseNickName } from '../user/index.js';
import { noPersonalDetails } from '../user/index.js';
import { insertUser } from '../user/index.js';
import * as repo from './auth.repository.js';
import type { AuthDeps } from './deps.js';
import { assertStrongPassword, hashPassword } from './passwords.js';

export interface NewAccountInput {
  email?: string | null;
  mobile?: string | null;
  /** Optional for mobile accounts (sign-in by SMS code); required by callers that want one. */
  password?: string | null;
  region: Region;
  nickName?: string | null;
}

export interface CheckedAccount {
  email: string | null;
  mobile: string | null;
  password: string | null;
  region: Region;
  nickName: string;
}

export interface PreparedAccount extends Omit<CheckedAccount, 'password'> {
  passwordHash: string | null;
}

/** Same bounds as the contract's Password schema, for callers that do not pass through it. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/**
 * Checks and normalises a new account (e-mail lower-cased, password strength, nickname);
 * cheap and synchronous, so callers run it before spending a code try or a hash.
 */
export function checkNewAccount(input: NewAccountInput): CheckedAccount {
  const email = input.email ? normaliseEmail(input.email) : null;
  const mobile = input.mobile ? input.mobile.trim() : null;
  if (email === null && mobile === null) throw appError(AuthErrors.invalidAccount);
  if (email !== null && !isEmail(email)) throw appError(AuthErrors.invalidAccount);
  if (mobile !== null && !isMainlandMobile(mobile)) throw appError(AuthErrors.invalidAccount);

  const password = input.password ?? null;
  if (password !== null) {
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      throw appError(AuthErrors.weakPassword);
    }
    assertStrongPassword(password, [email ?? '', email?.split('@')[0] ?? '', mobile ?? '']);
  }

  let nickName: string;
  if (input.nickName) {
    const valid = normaliseNickName(input.nickName);
    if (valid === null) throw appError(CommonErrors.invalidRequest);
    nickName = valid;
  } else {
    // Default name (spec 01 §2 masks): the e-mail's local part, or the masked phone number.
    nickName = email !== null ? clipNickName(email.split('@')[0] ?? email) : maskPhone(mobile ?? '');
  }
  return { email, mobile, password, region: input.region, nickName };
}

/** Hashes the password; done before any transaction so that no lock is held for ~80 ms. */
export async function prepareAccount(account: CheckedAccount): Promise<PreparedAccount> {
  const { password, ...rest } = account;
  return { ...rest, passwordHash: password === null ? null : await hashPassword(password) };
}

/**
 * Inserts the user and its password. One account per e-mail and per phone is the unique
 * indexes' job: a duplicate (even one inserted a moment ago by a racing request) becomes
 * 409 `account exists`, code 8 (e-mail used) or 7 (phone used).
 */
export async function insertAccount(db: Db, account: PreparedAccount, now: number): Promise<number> {
  try {
    const { id } = await insertUser(db, {
      region: account.region,
      email: account.email,
      mobile: account.mobile,
      second_mobile: null,
      nick_name: account.nickName,
      ...noPersonalDetails,
      created_at: now,
      updated_at: now,
    });
    if (account.passwordHash !== null) await repo.upsertPassword(db, id, account.passwordHash, now);
    return id;
  } catch (error) {
    throw accountExistsError(error) ?? error;
  }
}

/** The 409 for a unique violation on users, or null for any other error. */
export function accountExistsError(error: unknown): AppError | null {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  if (violation.columns.includes('mobile')) return appError(AuthErrors.phoneUsed);
  return appError(AuthErrors.emailUsed);
}

export interface CreatedAccount {
  user_id: number;
  email: string | null;
  mobile: string | null;
  region: Region;
  nick_name: string;
}

/** Creates an account in one transaction: used by the operator CLI and the demo seed. */
export async function createAccount(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  input: NewAccountInput,
): Promise<CreatedAccount> {
  const prepared = await prepareAccount(checkNewAccount(input));
  const now = deps.clock.now();
  const userId = await deps.db.transaction().execute((trx) => insertAccount(trx, prepared, now));
  return {
    user_id: userId,
    email: prepared.email,
    mobile: prepared.mobile,
    region: prepared.region,
    nick_name: prepared.nickName,
  };
}
