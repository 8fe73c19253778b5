import {
  AccountErrors,
  AuthErrors,
  CommonErrors,
  type IdentityProvider,
  normaliseEmail,
  PhoneBindErrors,
  type Region,
  VerificationPurpose,
} from '@account-centre/contract';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { Db } from '../../db/database.js';
import { type AppError, appError } from '../../lib/errors.js';
import { findPasswordHash, upsertPassword } from '../auth/index.js';
import { insertAuditEvent } from '../audit/index.js';
import { checkCode, consumeCode } from '../auth/index.js';
import type { Caller } from '../../lib/caller.js';
import type { AuthDeps } from '../auth/index.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/index.js';
import { clearPasswordWithdrawal } from '../devices/index.js';
import { deleteIdentity, identityProvidersOf } from '../oauth/index.js';
import { findContactDetails, getUserInfo, lockOpenUserAddresses, setSignInAddress } from '../user/index.js';
import { sessionStore } from '../auth/index.js';
import { sendSecurityAlert } from '../alerts/index.js';
import { mayUnbind, type SignInMethod } from './sign-in-methods.js';

/** The signed-in caller as the account services use it (the routes hand over their Caller). */
export type Actor = Pick<Caller, 'userId' | 'sessionId' | 'region' | 'client'>;

type AddressColumn = 'email' | 'mobile';

const onlyBind = () => appError(AccountErrors.onlyBind);
const notBound = () => appError(AccountErrors.notBound);
export const alreadyBound = () => appError(AccountErrors.alreadyBound);

/** SMS exists only in the domestic build (spec 01 §1); so do phone bindings. */
export function requireDomestic(region: Region) {
  if (region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);
}

/** 409 `account exists` (7 phone, 8 e-mail) when the unique index refuses an address. */
function addressTaken(error: unknown, column: AddressColumn | 'second_mobile'): AppError | null {
  if (!uniqueViolation(error)) return null;
  return appError(column === 'email' ? AuthErrors.emailUsed : AuthErrors.phoneUsed);
}

/** An open account's sign-in addresses and password hash (null without one), or undefined. */
export async function findOpenAccount(db: Db, userId: number) {
  const user = await findContactDetails(db, userId);
  if (!user || user.closed_at !== null) return undefined;
  const { email, mobile, second_mobile } = user;
  return { id: userId, email, mobile, second_mobile, secret_hash: await findPasswordHash(db, userId) };
}

async function openUser(db: Db, userId: number) {
  const user = await findOpenAccount(db, userId);
  if (!user) throw appError(CommonErrors.notFound);
  return user;
}

/** Records a change of the account; `who` names the account and the client that changed it. */
export function audit(
  db: Db,
  who: Pick<Actor, 'userId' | 'client'>,
  kind: string,
  now: number,
  detail?: Record<string, string | number>,
) {
  return insertAuditEvent(
    db,
    { userId: who.userId, kind, ip: who.client.ip, userAgent: who.client.userAgent, detail },
    now,
  );
}

/**
 * Sets or changes the password (spec 01 §2; purpose 6). The code goes to the account's own
 * e-mail or phone; when a password is set the current one must accompany it. The strength
 * check runs before a code try is spent; the code is spent before the current password is
 * tested, so guessing it costs a code try each (5 per code, 10 codes a day). Every other
 * session ends; a withdrawn password (decision 004) is replaced by this one.
 */
export async function changePassword(
  deps: AuthDeps,
  actor: Actor,
  input: { via: AddressColumn; code: string; password: string; old_password?: string },
) {
  const user = await openUser(deps.db, actor.userId);
  if (input.via === 'mobile') requireDomestic(actor.region);
  const target = user[input.via];
  if (target === null) throw notBound();
  assertStrongPassword(input.password, [user.email ?? '', user.email?.split('@')[0] ?? '', user.mobile ?? '']);
  if (user.secret_hash !== null && !input.old_password) {
    throw appError(AccountErrors.passwordRequired);
  }

  const codeId = await checkCode(deps, { target, purpose: VerificationPurpose.changePassword, code: input.code });
  if (user.secret_hash !== null) {
    if (!(await verifyPassword(user.secret_hash, input.old_password ?? ''))) {
      // Not sign-in's "account or password incorrect": the form names the field that is wrong.
      throw appError(AccountErrors.currentPasswordWrong);
    }
    if (await verifyPassword(user.secret_hash, input.password)) {
      throw appError(AuthErrors.samePassword);
    }
  }
  const secretHash = await hashPassword(input.password);

  await sessionStore.endingSessions(deps, async (trx, ending) => {
    const now = deps.clock.now();
    await consumeCode(trx, codeId, now);
    const locked = await lockOpenUserAddresses(trx, actor.userId, now);
    if (!locked || locked[input.via] !== target) throw appError(CommonErrors.conflict);
    await upsertPassword(trx, actor.userId, secretHash, now);
    await clearPasswordWithdrawal(trx, actor.userId);
    await sessionStore.revokeOtherSessions(trx, ending, actor.userId, actor.sessionId, now, 'password changed');
    await audit(trx, actor, user.secret_hash === null ? 'password.set' : 'password.change', now, { via: input.via });
    await sendSecurityAlert(trx, actor.userId, { kind: 'passwordChanged' }, now);
  });
}

/** The value as stored: e-mail lower-cased, numbers as sent. */
const normalised = (column: AddressColumn | 'second_mobile', value: string) =>
  column === 'email' ? normaliseEmail(value) : value.trim();

/**
 * A phone number is the sign-in phone or the second mobile of one account, never both (spec 01
 * §2 "each phone logs into one account only"). Refusing the account's own other number here
 * gives a clear answer before a code try is spent; between accounts, and under races, the
 * phone_numbers key decides (migration 701) and the loser gets `account exists` (7).
 */
export function refuseOwnNumber(
  user: { mobile: string | null; second_mobile: string | null },
  column: AddressColumn | 'second_mobile',
  value: string,
) {
  const other = column === 'mobile' ? user.second_mobile : column === 'second_mobile' ? user.mobile : null;
  if (other === value) throw appError(PhoneBindErrors.ownNumber);
}

/** Writes an address under the account's row lock; a number or e-mail taken is a 409. */
export async function writeAddress(
  db: Db,
  userId: number,
  column: AddressColumn | 'second_mobile',
  value: string | null,
  now: number,
) {
  try {
    await setSignInAddress(db, userId, column, value, now);
  } catch (error) {
    throw addressTaken(error, column) ?? error;
  }
}

type LockedAddresses = NonNullable<Awaited<ReturnType<typeof lockOpenUserAddresses>>>;

/**
 * An address changed in one transaction: the codes that proved the change are spent, the
 * account's row locked, `stillAsChecked` refuses what changed since the codes were checked, the
 * address written (null unbinds it) and the change audited. Answers the account as it now is.
 */
async function changeAddress(
  deps: AuthDeps,
  actor: Actor,
  change: {
    column: AddressColumn | 'second_mobile';
    value: string | null;
    event: 'bind' | 'replace' | 'unbind';
    codeIds: readonly number[];
  },
  stillAsChecked: (locked: LockedAddresses, trx: Db) => void | Promise<void>,
) {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    for (const codeId of change.codeIds) await consumeCode(trx, codeId, now);
    const locked = await lockOpenUserAddresses(trx, actor.userId, now);
    if (!locked) throw appError(CommonErrors.notFound);
    await stillAsChecked(locked, trx);
    await writeAddress(trx, actor.userId, change.column, change.value, now);
    await audit(trx, actor, `${change.column}.${change.event}`, now);
    const alert = {
      kind: 'addressChanged',
      column: change.column,
      from: locked[change.column],
      to: change.value,
    } as const;
    await sendSecurityAlert(trx, actor.userId, alert, now);
  });
  return getUserInfo(deps, actor.userId);
}

/**
 * Binds an e-mail or phone where none is bound, with a code of purpose 4 sent to the new
 * address (spec 01 §3). One account per address is the unique index's decision.
 */
export async function bindAddress(
  deps: AuthDeps,
  actor: Actor,
  column: AddressColumn | 'second_mobile',
  input: { value: string; code: string },
) {
  if (column !== 'email') requireDomestic(actor.region);
  const value = normalised(column, input.value);
  const user = await openUser(deps.db, actor.userId);
  if (user[column] !== null) throw alreadyBound();
  refuseOwnNumber(user, column, value);
  const codeId = await checkCode(deps, { target: value, purpose: VerificationPurpose.newCheck, code: input.code });

  return changeAddress(deps, actor, { column, value, event: 'bind', codeIds: [codeId] }, (locked) => {
    if (locked[column] !== null) throw alreadyBound();
  });
}

/**
 * Replaces the e-mail or phone: a code of purpose 3 proves the old address, one of purpose 4
 * the new one (spec 01 §3). Both are spent in the transaction that changes the address.
 */
export async function replaceAddress(
  deps: AuthDeps,
  actor: Actor,
  column: AddressColumn,
  input: { value: string; oldCode: string; code: string },
) {
  if (column === 'mobile') requireDomestic(actor.region);
  const value = normalised(column, input.value);
  const user = await openUser(deps.db, actor.userId);
  const old = user[column];
  if (old === null) throw notBound();
  if (old === value) throw appError(CommonErrors.invalidRequest);
  refuseOwnNumber(user, column, value);
  const oldCodeId = await checkCode(deps, { target: old, purpose: VerificationPurpose.oldCheck, code: input.oldCode });
  const newCodeId = await checkCode(deps, { target: value, purpose: VerificationPurpose.newCheck, code: input.code });

  return changeAddress(deps, actor, { column, value, event: 'replace', codeIds: [oldCodeId, newCodeId] }, (locked) => {
    // The old code proved the address bound when it was checked; it must still be bound.
    if (locked[column] !== old) throw appError(CommonErrors.conflict);
  });
}

/**
 * Unbinds the e-mail, the phone or the second mobile with a code of purpose 3 sent to it. The
 * e-mail and phone are sign-in methods: the only-binding rule is checked before a code try is
 * spent (a clear answer) and again under the row lock (the decision).
 */
export async function unbindAddress(
  deps: AuthDeps,
  actor: Actor,
  column: AddressColumn | 'second_mobile',
  input: { code: string },
) {
  if (column !== 'email') requireDomestic(actor.region);
  const user = await openUser(deps.db, actor.userId);
  const bound = user[column];
  if (bound === null) throw notBound();
  const method: SignInMethod | null = column === 'second_mobile' ? null : column;
  if (
    method &&
    !mayUnbind({ ...user, identities: await identityProvidersOf(deps.db, actor.userId) }, method, actor.region)
  ) {
    throw onlyBind();
  }
  const codeId = await checkCode(deps, { target: bound, purpose: VerificationPurpose.oldCheck, code: input.code });

  return changeAddress(
    deps,
    actor,
    { column, value: null, event: 'unbind', codeIds: [codeId] },
    async (locked, trx) => {
      if (locked[column] !== bound) throw appError(CommonErrors.conflict);
      if (
        method &&
        !mayUnbind({ ...locked, identities: await identityProvidersOf(trx, actor.userId) }, method, actor.region)
      ) {
        throw onlyBind();
      }
    },
  );
}

/** Unbinds a third-party sign-in (spec 01 §7: DELETE), under the only-binding rule. */
export async function unbindIdentity(deps: AuthDeps, actor: Actor, provider: IdentityProvider) {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const locked = await lockOpenUserAddresses(trx, actor.userId, now);
    if (!locked) throw appError(CommonErrors.notFound);
    const identities = await identityProvidersOf(trx, actor.userId);
    if (!identities.includes(provider)) throw notBound();
    if (!mayUnbind({ ...locked, identities }, provider, actor.region)) throw onlyBind();
    await deleteIdentity(trx, actor.userId, provider);
    await audit(trx, actor, 'identity.unbind', now, { provider });
  });
  return getUserInfo(deps, actor.userId);
}
