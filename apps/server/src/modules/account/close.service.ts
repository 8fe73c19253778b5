import fs from 'node:fs/promises';
import { AccountMsg, ServerMsg, VerificationPurpose } from '@account-centre/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { clearAccountThrottles, insertAuditEvent } from '../auth/auth.repository.js';
import { checkCode, consumeCode } from '../auth/codes.service.js';
import type { AuthDeps } from '../auth/deps.js';
import { avatarFileOf } from '../user/avatar.service.js';
import type { Actor } from './account.service.js';
import * as repo from './account.repository.js';

/** Tables whose rows are the user's alone and go entirely when the account closes. */
const personalTables = [
  'credentials',
  'sessions', // their access and refresh tokens go with them (foreign keys, on delete cascade)
  'login_tickets',
  'devices',
  'device_slots',
  'password_withdrawals',
  'identities',
  'oauth_flows',
  'phone_bind_links',
  'subscriptions',
  'storage_quotas',
  'audit_events', // IP addresses and user agents
] as const;

/**
 * Closes the account (spec 01 §4: "cancelling deletes all data"; purpose 11), in one
 * transaction:
 * - the code is spent and the row locked;
 * - every personal record is deleted: credentials, sessions and their tokens (so every token
 *   stops working at once), tickets, devices, identities, subscriptions, quotas, audit events,
 *   and the codes, send windows, sign-in counters and outbox messages of its addresses;
 * - orders and invoices stay for accounting (docs/decisions/007): orders hold no personal data
 *   beyond the user id; an invoice keeps what was issued but loses its delivery e-mail;
 * - the users row stays, anonymised, as the anchor of those orders: every personal column is
 *   cleared and `closed_at` set. Its e-mail and phone are free again, so they can register anew.
 * The avatar file is removed after the commit.
 */
export async function closeAccount(
  deps: AuthDeps & { config: Config },
  actor: Actor,
  input: { via: 'email' | 'mobile'; code: string },
) {
  const user = await repo.findOpenUser(deps.db, actor.userId);
  if (!user) throw notFound();
  if (input.via === 'mobile' && actor.region !== 'domestic') throw badRequest(ServerMsg.regionNotAllowed);
  const target = user[input.via];
  if (target === null) throw badRequest(AccountMsg.notBound);
  const codeId = await checkCode(deps, { target, purpose: VerificationPurpose.delete, code: input.code });
  await eraseAccount(deps, actor, (trx, now) => consumeCode(trx, codeId, now));
}

/**
 * The closing itself, once the caller has proved it is the owner. `spendProof` runs first in
 * the same transaction (a code consumed, …), so the proof and the erasure commit together.
 */
export async function eraseAccount(
  deps: AuthDeps & { config: Config },
  actor: Actor,
  spendProof: (trx: Db, now: number) => Promise<unknown>,
) {
  const avatarUrl = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await spendProof(trx, now);
    const locked = await repo.lockOpenUser(trx, actor.userId, now);
    if (!locked) throw notFound();
    const addresses = [locked.email, locked.mobile, locked.second_mobile].filter((a): a is string => a !== null);

    for (const table of personalTables) await trx.deleteFrom(table).where('user_id', '=', actor.userId).execute();
    if (addresses.length > 0) {
      await trx.deleteFrom('verification_codes').where('target', 'in', addresses).execute();
      await trx.deleteFrom('code_send_windows').where('target', 'in', addresses).execute();
      await trx.deleteFrom('outbox').where('recipient', 'in', addresses).execute();
      // The account's own sign-in counters and those of each address it was tried from.
      await clearAccountThrottles(trx, addresses);
    }
    await trx.updateTable('invoices').set({ email: '', updated_at: now }).where('user_id', '=', actor.userId).execute();
    await trx
      .updateTable('users')
      .set({
        email: null,
        mobile: null,
        second_mobile: null,
        nick_name: '',
        avatar_url: null,
        profile: null,
        birthday: null,
        sex: null,
        country: null,
        language: null,
        closed_at: now,
        updated_at: now,
      })
      .where('id', '=', actor.userId)
      .execute();
    // The one record kept of the account itself: when it closed, with nothing personal.
    await insertAuditEvent(trx, { userId: actor.userId, kind: 'account.closed', ip: null, userAgent: null }, now);
    return locked.avatar_url;
  });
  const file = avatarFileOf(deps.config, avatarUrl);
  if (file) await fs.rm(file, { force: true });
}
