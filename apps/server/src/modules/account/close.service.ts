import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { AccountErrors, type ClosingForfeitItem, CommonErrors, VerificationPurpose } from '@account-centre/contract';
import type { Config } from '../settings.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { insertAuditEvent } from '../audit/index.js';
import { checkCode, consumeCode } from '../auth/index.js';
import type { AuthDeps } from '../auth/index.js';
import { endingSessions } from '../auth/index.js';
import type { ClosingAccount, ModuleManifest, TableName } from '../manifest.js';
import { avatarFileOf } from '../user/index.js';
import { lockOpenUserAddresses } from '../user/index.js';
import { type Actor, findOpenAccount } from './account.service.js';

/**
 * What closing an account works with: the sign-in services, the configuration, and the module
 * registry's list (modules/index.ts), whose manifests say what closing does to each table. The
 * app hands the list over (`app.modules`): importing the registry here would import this file
 * back through the account module's manifest.
 */
export type ClosingDeps = AuthDeps & { config: Config; modules: readonly ModuleManifest[] };

/**
 * Closes the account (spec 01 §4: "cancelling deletes all data"; purpose 11), in one
 * transaction:
 * - the code is spent and the row locked;
 * - every table's closing policy runs, as its module's manifest declares it (modules/manifest.ts):
 *   personal records are deleted — credentials, sessions and their tokens (so every token stops
 *   working at once), devices, identities, subscriptions, audit events, and the codes, send
 *   windows, sign-in counters and outbox messages of its addresses; orders and invoices stay
 *   for accounting (docs/decisions/007), invoices without their delivery e-mail;
 * - the users row stays, anonymised, as the anchor of those orders; it goes last, as setting
 *   `closed_at` fires the triggers that end its team and company memberships.
 * The avatar file is removed after the commit.
 */
export async function closeAccount(deps: ClosingDeps, actor: Actor, input: { via: 'email' | 'mobile'; code: string }) {
  const user = await findOpenAccount(deps.db, actor.userId);
  if (!user) throw appError(CommonErrors.notFound);
  if (input.via === 'mobile' && actor.region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);
  const target = user[input.via];
  if (target === null) throw appError(AccountErrors.notBound);
  const codeId = await checkCode(deps, { target, purpose: VerificationPurpose.delete, code: input.code });
  await eraseAccount(deps, actor, (trx, now) => consumeCode(trx, codeId, now));
}

/**
 * What the account still holds that closing it gives up, module by module in the order of
 * `modules`, for the confirmation to name before the owner asks for a code.
 */
export async function closingForfeits(
  modules: readonly ModuleManifest[],
  db: Db,
  userId: number,
  now: number,
): Promise<ClosingForfeitItem[]> {
  const perModule = await Promise.all(modules.map((module) => module.closingForfeits?.(db, userId, now) ?? []));
  return perModule.flat();
}

/**
 * The closing itself, once the caller has proved it is the owner. `spendProof` runs first in
 * the same transaction (a code consumed, …), so the proof and the erasure commit together.
 */
export async function eraseAccount(
  deps: ClosingDeps,
  actor: Actor,
  spendProof: (trx: Db, now: number) => Promise<unknown>,
) {
  const avatarUrl = await endingSessions(deps, async (trx, ending) => {
    const now = deps.clock.now();
    await spendProof(trx, now);
    const locked = await lockOpenUserAddresses(trx, actor.userId, now);
    if (!locked) throw appError(CommonErrors.notFound);
    // The sessions table's policy deletes them (auth's manifest); every instance hears of it.
    ending.user(actor.userId);
    const account: ClosingAccount = {
      userId: actor.userId,
      addresses: [locked.email, locked.mobile, locked.second_mobile].filter((a): a is string => a !== null),
      now,
    };
    await applyClosingPolicies(deps.modules, trx, account);
    // The one record kept of the account itself: when it closed, with nothing personal.
    await insertAuditEvent(trx, { userId: actor.userId, kind: 'account.closed', ip: null, userAgent: null }, now);
    return locked.avatar_url;
  });
  const file = avatarFileOf(deps.config, avatarUrl);
  if (file) await fs.rm(file, { force: true });
}

/**
 * Every module's closing policies, inside the closing transaction: deletions first, then the
 * rows that stay anonymised, the users row last (see above). `by-database`, `keep` and
 * `personal: false` tables need nothing here.
 */
async function applyClosingPolicies(modules: readonly ModuleManifest[], trx: Db, account: ClosingAccount) {
  const policies = modules.flatMap((module) =>
    Object.entries(module.tables ?? {}).map(([table, policy]) => ({ table: table as TableName, policy: policy! })),
  );
  for (const { table, policy } of policies) {
    if ('erase' in policy && policy.erase === 'rows') {
      // Every `erase: 'rows'` table has a user_id column (the manifests test checks it).
      await trx.deleteFrom(table).where(sql.ref('user_id'), '=', account.userId).execute();
    } else if ('erase' in policy && policy.erase === 'custom') {
      await policy.run(trx, account);
    }
  }
  const anonymising = policies.filter(({ policy }) => 'anonymise' in policy);
  const last = (table: TableName) => (table === 'users' ? 1 : 0);
  anonymising.sort((a, b) => last(a.table) - last(b.table));
  for (const { policy } of anonymising) if ('anonymise' in policy) await policy.anonymise(trx, account);
}
