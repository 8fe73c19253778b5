import {
  accountKind,
  AuthErrors,
  CommonErrors,
  normaliseEmail,
  type Region,
  VerificationPurpose,
} from '@account-centre/contract';
import { AppError, appError } from '../../lib/errors.js';
import { sendSecurityAlert } from '../alerts/index.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { checkNewAccount, insertAccount, prepareAccount } from './accounts.service.js';
import * as repo from './auth.repository.js';
import { checkCode, consumeCode, isConsumedCode } from './codes.service.js';
import type { AuthDeps, ClientInfo } from './deps.js';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.js';
import {
  clearAccountThrottle,
  releaseSignInTry,
  reserveSignInTry,
  settleSuccessfulTry,
  type ThrottleKeys,
} from './throttle.js';
import { endingSessions } from './session-store.js';
import { continueSession, type SessionMethod, type SignIn, spendAndContinue, startSession } from './tokens.js';

/** A one-time login ticket lives 60 seconds: long enough to open a page, too short to leak. */
export const TICKET_TTL_SECONDS = 60;

/** A sign-in account as typed: an e-mail (lower-cased) or a mainland mobile; null if neither. */
export function parseAccount(value: string): { column: repo.AccountColumn; value: string } | null {
  const kind = accountKind(value);
  if (kind === 'email') return { column: 'email', value: normaliseEmail(value) };
  if (kind === 'mobile') return { column: 'mobile', value: value.trim() };
  return null;
}

function audit(deps: AuthDeps, client: ClientInfo, event: Omit<repo.AuditEvent, 'ip' | 'userAgent'>) {
  return repo.insertAuditEvent(deps.db, { ...event, ip: client.ip, userAgent: client.userAgent }, deps.clock.now());
}

// ---- register --------------------------------------------------------------------------

export type RegisterInput =
  { email: string; password: string; code: string } | { mobile: string; password?: string; code: string };

/**
 * Creates an account proven by a code of purpose 1 and signs it in. Whether the address is
 * already registered is told only after the code is checked, so only its owner learns it.
 */
export async function register(
  deps: AuthDeps,
  input: RegisterInput,
  region: Region,
  client: ClientInfo,
): Promise<SignIn> {
  const isMobile = 'mobile' in input;
  // Mobile accounts (SMS) exist in the domestic region only (spec 01 §1).
  if (isMobile && region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);
  const account = checkNewAccount({
    email: isMobile ? null : input.email,
    mobile: isMobile ? input.mobile : null,
    password: input.password ?? null,
    region,
  });
  const target = (account.email ?? account.mobile) as string;
  const codeId = await checkCode(deps, { target, purpose: VerificationPurpose.register, code: input.code });
  const prepared = await prepareAccount(account);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    const userId = await insertAccount(trx, prepared, now);
    await repo.insertAuditEvent(
      trx,
      {
        userId,
        kind: 'register',
        ip: client.ip,
        userAgent: client.userAgent,
        detail: { via: isMobile ? 'mobile' : 'email' },
      },
      now,
    );
    return startSession(trx, { userId, method: 'register', client }, now, deps.config);
  });
}

// ---- login -----------------------------------------------------------------------------

export type LoginInput = { account: string; password: string } | { account: string; code: string };

/**
 * Signs in with a password or a quick-login code (purpose 8).
 *
 * Enumeration: for a password, an unknown account, an account without a password and a wrong
 * password give the same answer (400 `account or password incorrect`, code 2) after the same
 * argon2 work, and count against the same limits. For a code, the code is checked first;
 * only the holder of a valid code (the owner of the mailbox or phone) learns that no account
 * exists (`not exists`, code 1).
 */
export async function login(deps: AuthDeps, input: LoginInput, client: ClientInfo): Promise<SignIn> {
  const account = parseAccount(input.account);
  const keys: ThrottleKeys = { account: account?.value ?? input.account.trim().toLowerCase(), ip: client.ip };
  await reserveSignInTry(deps.db, keys, deps.clock.now());

  const method: SessionMethod = 'password' in input ? 'password' : 'code';
  let userId: number | null = null;
  try {
    if ('password' in input) {
      const user = account ? await repo.findUserForSignIn(deps.db, account.column, account.value) : undefined;
      userId = user?.id ?? null;
      const valid = await verifyPassword(user?.secret_hash ?? null, input.password);
      if (!valid || !user) throw appError(AuthErrors.invalidCredentials);
      const now = deps.clock.now();
      return await deps.db.transaction().execute(async (trx) => {
        await settleSuccessfulTry(trx, keys);
        await repo.insertAuditEvent(trx, successEvent(user.id, method, client), now);
        return startSession(trx, { userId: user.id, method, client }, now, deps.config);
      });
    }

    // No code can have been sent to something that is neither an address nor a number.
    if (!account) throw appError(AuthErrors.codeExpired);
    const code = { target: account.value, purpose: VerificationPurpose.quickLogin, code: input.code };
    const refuseIfUsed = (error: unknown) => refuseUsedCode(deps, keys, code, error);
    const codeId = await checkCode(deps, code).catch(refuseIfUsed);
    const user = await repo.findUserForSignIn(deps.db, account.column, account.value);
    if (!user) throw appError(AuthErrors.accountNotFound);
    userId = user.id;
    const now = deps.clock.now();
    return await deps.db
      .transaction()
      .execute(async (trx) => {
        await consumeCode(trx, codeId, now);
        await settleSuccessfulTry(trx, keys);
        await repo.insertAuditEvent(trx, successEvent(user.id, method, client), now);
        return startSession(trx, { userId: user.id, method, client }, now, deps.config);
      })
      .catch(refuseIfUsed);
  } catch (error) {
    // The failure is recorded for the account owner's security page; never the secret tried.
    await audit(deps, client, { userId, kind: 'login.failure', detail: { method } });
    throw error;
  }
}

/**
 * A code refused as expired that a success consumed moments ago (the loser of concurrent
 * submits of one code, or a late resubmit) guessed nothing: it answers 400 `only once`
 * (code 4: the remedy is still a new code) and its tries go back, so the owner's next
 * sign-in is not held up by the rest of a double submit.
 */
async function refuseUsedCode(
  deps: AuthDeps,
  keys: ThrottleKeys,
  code: Parameters<typeof isConsumedCode>[1],
  error: unknown,
): Promise<never> {
  if (error instanceof AppError && error.is(AuthErrors.codeExpired) && (await isConsumedCode(deps, code))) {
    await releaseSignInTry(deps.db, keys);
    throw appError(AuthErrors.codeUsed);
  }
  throw error;
}

function successEvent(userId: number, method: SessionMethod, client: ClientInfo): repo.AuditEvent {
  return { userId, kind: 'login.success', ip: client.ip, userAgent: client.userAgent, detail: { method } };
}

// ---- refresh and logout ----------------------------------------------------------------

/**
 * Rotates a refresh token. The first use spends it and gets a new pair of the same session; the
 * access token issued with the spent refresh token ends at once, so a pair that was replaced is
 * no use to anyone who copied it. A second use within `refreshGraceSeconds` of the rotation also
 * gets a fresh pair of that session: two tabs refreshing at once must not sign the user out, and
 * the pairs the racing uses got all stay valid (each ends only when its own refresh token is
 * rotated). A use after that is a stolen or replayed token: the whole session is revoked.
 */
export async function refresh(deps: AuthDeps, refreshToken: string, client: ClientInfo): Promise<SignIn> {
  const tokenHash = hashToken(refreshToken);
  const now = deps.clock.now();
  // The common case, and the only one a rotation-per-refresh load makes: one unit, one round trip
  // on PostgreSQL (decision 046).
  const firstUse = await spendAndContinue(deps.db, tokenHash, now, deps.config);
  if (firstUse) {
    // A rotation changes which access tokens of the session are good: every instance checks
    // them again, so whatever a rotation ends with the spent refresh token ends everywhere.
    // The replaced token answers `token expired` until the token sweep deletes it (see
    // expireAccessToken and deleteExpiredTokens).
    await deps.sessionEnds.announce({ users: [], sessions: [firstUse.sessionId] });
    if (firstUse.signIn) return firstUse.signIn;
    throw appError(AuthErrors.invalidRefreshToken);
  }
  // Nothing was spent: an unknown or expired token, or one spent before — a duplicate within
  // the grace window or a reuse.
  const outcome = await endingSessions(deps, async (trx, ending) => {
    const token = await repo.findRefreshToken(trx, tokenHash);
    if (!token || token.expires_at <= now || token.rotated_at === null) return { kind: 'invalid' as const };
    if (now - token.rotated_at > deps.config.refreshGraceSeconds) {
      const revoked = await repo.revokeSession(trx, ending, token.session_id, now, 'refresh reuse');
      return { kind: 'reused' as const, userId: revoked?.user_id ?? null };
    }
    const signIn = await continueSession(trx, token.session_id, now, deps.config);
    if (!signIn) return { kind: 'invalid' as const };
    return { kind: 'ok' as const, signIn };
  });
  if (outcome.kind === 'ok') return outcome.signIn;
  if (outcome.kind === 'reused' && outcome.userId !== null) {
    await audit(deps, client, { userId: outcome.userId, kind: 'session.refresh_reuse' });
  }
  throw appError(AuthErrors.invalidRefreshToken);
}

/** Ends the caller's session on the server: its access and refresh tokens stop at once. */
export async function logout(deps: AuthDeps, auth: { userId: number; sessionId: string }, client: ClientInfo) {
  const now = deps.clock.now();
  await endingSessions(deps, async (trx, ending) => {
    await repo.revokeSession(trx, ending, auth.sessionId, now, 'logout');
    await repo.insertAuditEvent(
      trx,
      { userId: auth.userId, kind: 'logout', ip: client.ip, userAgent: client.userAgent },
      now,
    );
  });
}

// ---- password reset --------------------------------------------------------------------

/**
 * Forgot password (code purpose 2): sets the new password and ends every session and pending
 * ticket of the account, in one transaction with the code's use. An unknown account is told
 * only to the holder of a valid code.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { account: string; code: string; password: string },
  client: ClientInfo,
): Promise<void> {
  const account = parseAccount(input.account);
  if (!account) throw appError(AuthErrors.invalidAccount);
  assertStrongPassword(input.password, [account.value, account.value.split('@')[0] ?? '']);
  const codeId = await checkCode(deps, {
    target: account.value,
    purpose: VerificationPurpose.forget,
    code: input.code,
  });
  const user = await repo.findUserForSignIn(deps.db, account.column, account.value);
  if (!user) throw appError(AuthErrors.accountNotFound);
  if (user.secret_hash !== null && (await verifyPassword(user.secret_hash, input.password))) {
    throw appError(AuthErrors.samePassword);
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await endingSessions(deps, async (trx, ending) => {
    await consumeCode(trx, codeId, now);
    await repo.upsertPassword(trx, user.id, passwordHash, now);
    await repo.revokeUserSessions(trx, ending, user.id, now, 'password reset');
    await repo.deleteUnusedTickets(trx, user.id);
    await clearAccountThrottle(trx, account.value);
    await repo.insertAuditEvent(
      trx,
      { userId: user.id, kind: 'password.reset', ip: client.ip, userAgent: client.userAgent },
      now,
    );
    await sendSecurityAlert(trx, user.id, { kind: 'passwordChanged' }, now);
  });
}

// ---- one-time login tickets ------------------------------------------------------------

/** A one-time ticket for the `custom` handoff: 60 s, stored hashed, used once. */
export async function createTicket(deps: AuthDeps, userId: number) {
  const ticket = randomToken();
  const now = deps.clock.now();
  await repo.insertTicket(deps.db, {
    ticket_hash: hashToken(ticket),
    user_id: userId,
    created_at: now,
    expires_at: now + TICKET_TTL_SECONDS,
  });
  return { user_id: userId, ticket, expires_in: TICKET_TTL_SECONDS };
}

/** Exchanges a ticket for a new session: used → 401 `only once`; expired → 401 `expired`. */
export async function exchangeTicket(deps: AuthDeps, ticket: string, client: ClientInfo): Promise<SignIn> {
  const ticketHash = hashToken(ticket);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const claimed = await repo.claimTicket(trx, ticketHash, now);
    if (!claimed) return { signIn: null, known: await repo.findTicket(trx, ticketHash) };
    await repo.insertAuditEvent(
      trx,
      {
        userId: claimed.user_id,
        kind: 'login.success',
        ip: client.ip,
        userAgent: client.userAgent,
        detail: { method: 'ticket' },
      },
      now,
    );
    return { signIn: await startSession(trx, { userId: claimed.user_id, method: 'ticket', client }, now, deps.config) };
  });
  if (outcome.signIn) return outcome.signIn;
  const { known } = outcome;
  if (!known) throw appError(AuthErrors.ticketInvalid);
  if (known.used_at !== null) throw appError(AuthErrors.ticketUsed);
  throw appError(AuthErrors.ticketExpired);
}
