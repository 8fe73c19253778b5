import {
  type BalanceKind,
  balanceKinds,
  GRANT_AMOUNT_MAX,
  type GrantKind,
  GrantErrors,
  type GrantSource,
  type HoldingKind,
  type SubscriptionProduct,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { insertAuditEvent } from '../audit/index.js';
import {
  drawFromGrant,
  dueToExpire,
  emptyRemainder,
  expiredLiveGrant,
  grantById,
  grantFromSource,
  type GrantRow,
  insertGrantOnce,
  insertLedgerEntry,
  type LedgerEntryRow,
  ledgerPage,
  liveRemainder,
  markRevoked,
  spendableInDrawOrder,
  spendableTotal,
} from './grants.repository.js';
import { rebuildLicenceRecord } from './licence-record.js';

export type { GrantRow, LedgerEntryRow };

/** What is given: an amount of a balance, or a thing or period held (docs/decisions/022). */
export type GrantWhat =
  | {
      kind: BalanceKind;
      amount: number;
      expiresAt?: number | null;
      /** How it was acquired (AI points: the spec's acquisition label, e.g. Buy_AI_Group). */
      method?: string;
    }
  | {
      kind: HoldingKind;
      /** What is held: a licence's product, a course's id, a coupon's id, a team's id. */
      item: string;
      /** Seats: how many. */
      quantity?: number;
      startsAt?: number | null;
      /** Null or absent: never ends. */
      expiresAt?: number | null;
    };

/**
 * Who gives it. `id` is the source's own id (an order number, a code, `plan:<order>:<period>`,
 * an operator's reference): with `kind` and the grant's kind it is the grant's idempotency key.
 */
export interface GrantSourceRef {
  kind: GrantSource;
  id: string;
  reason: string;
}

export const isBalanceKind = (kind: GrantKind): kind is BalanceKind =>
  (balanceKinds as readonly string[]).includes(kind);

/** Balances are moved inside the caller's transaction, so a refused use undoes its earlier draws. */
function requireTransaction(trx: Db): void {
  if (!trx.isTransaction) throw new Error('grants: call inside a transaction');
}

function checkAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > GRANT_AMOUNT_MAX) {
    throw operatorInputError(`${what} must be a whole number from 1 to ${GRANT_AMOUNT_MAX}`);
  }
}

/** Text that fits its column (the migration's checks): trimmed, 1 to `max` characters. */
function text(value: string, max: number, what: string): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max)
    throw operatorInputError(`${what} must have 1 to ${max} characters`);
  return trimmed;
}

/**
 * Gives `what` to the user from `source`, in the caller's transaction, with an audit event and,
 * for a balance, the ledger entry of the amount. A source that has granted this kind already
 * grants nothing more: the first grant is returned with `created: false` (a payment notice
 * delivered twice, a code redeemed twice by a race). The unique key decides, not a read first.
 */
export async function grant(
  trx: Db,
  userId: number,
  what: GrantWhat,
  source: GrantSourceRef,
  now: number,
): Promise<{ grant: GrantRow; created: boolean }> {
  requireTransaction(trx);
  const balance = isBalanceKind(what.kind);
  const amount = 'amount' in what ? what.amount : (what.quantity ?? null);
  if (amount !== null) checkAmount(amount, balance ? 'amount' : 'quantity');
  const expiresAt = what.expiresAt ?? null;
  if (expiresAt !== null && expiresAt <= now && balance) throw operatorInputError('expiry must be in the future');
  const startsAt = 'startsAt' in what ? (what.startsAt ?? null) : null;
  if (startsAt !== null && expiresAt !== null && expiresAt <= startsAt)
    throw operatorInputError('a period must end after it starts');
  const item = 'item' in what ? text(what.item, 64, 'item') : null;
  const sourceId = text(source.id, 64, 'source id');
  const reason = text(source.reason, 200, 'reason');

  const inserted = await insertGrantOnce(trx, {
    user_id: userId,
    kind: what.kind,
    item,
    amount,
    remaining: balance ? amount : null,
    starts_at: startsAt,
    expires_at: expiresAt,
    source_kind: source.kind,
    source_id: sourceId,
    reason,
    granted_at: now,
    revoked_at: null,
    revoke_reason: null,
    method: 'method' in what && what.method !== undefined ? text(what.method, 32, 'method') : null,
  });

  if (!inserted) {
    const existing = await grantFromSource(trx, { kind: source.kind, id: sourceId }, what.kind);
    if (!existing) throw new Error('grants: a grant refused as given twice is not there');
    return { grant: existing, created: false };
  }

  if (balance) {
    await insertLedgerEntry(trx, {
      user_id: userId,
      kind: what.kind as BalanceKind,
      grant_id: inserted.id,
      delta: amount as number,
      reason: 'grant',
      reference: `${source.kind}:${sourceId}`,
      created_at: now,
    });
  }
  await insertAuditEvent(
    trx,
    {
      userId,
      kind: 'grant.given',
      ip: null,
      userAgent: null,
      detail: { grant_id: inserted.id, kind: what.kind, amount, source: `${source.kind}:${sourceId}` },
    },
    now,
  );
  return { grant: inserted, created: true };
}

/**
 * Takes a grant back (a refund, an operator's correction): marks it revoked and, for a balance,
 * takes what is left of it with a ledger entry; for a licence, its product's record is rebuilt
 * from the grants still live. What was already used stays used; whether a
 * refund is due for it is the caller's business. A second revoke is a 409.
 */
export async function revoke(trx: Db, grantId: number, why: string, now: number): Promise<GrantRow> {
  requireTransaction(trx);
  const reason = text(why, 200, 'reason');
  // Marking it first locks the row (PostgreSQL) or runs under the write lock (SQLite), and every
  // use draws only from unrevoked grants, so the remainder read back here is final.
  const marked = await markRevoked(trx, grantId, reason, now);
  if (!marked) {
    const exists = await grantById(trx, grantId);
    throw appError(exists ? GrantErrors.alreadyRevoked : GrantErrors.grantNotFound);
  }

  // A licence is held through its product's record: rebuilt from the grants still live.
  if (marked.kind === 'licence' && marked.item !== null) {
    await rebuildLicenceRecord(trx, marked.user_id, marked.item as SubscriptionProduct, now);
  }
  const left = marked.remaining ?? 0;
  if (left > 0) {
    await emptyRemainder(trx, grantId);
    await writeOff(trx, { ...marked, grantId, left }, { reason: 'revoke', reference: reason }, now);
  }
  await insertAuditEvent(
    trx,
    {
      userId: marked.user_id,
      kind: 'grant.revoked',
      ip: null,
      userAgent: null,
      detail: { grant_id: grantId, kind: marked.kind, taken_back: left, reason },
    },
    now,
  );
  return { ...marked, remaining: marked.remaining === null ? null : 0 };
}

/** One grant a use drew from, and how much. */
export interface Draw {
  grantId: number;
  amount: number;
  expiresAt: number | null;
}

/**
 * Uses `amount` of a balance: draws from the person's live grants, soonest expiry first (those
 * that never expire last), writing one ledger entry per grant drawn from, all with `reference`.
 * Refused with `Exceeded usage limit.` when the live grants cannot cover it; as this runs in
 * the caller's transaction, the draws already made are then undone with it.
 *
 * No read decides on its own: each draw is `UPDATE … SET remaining = remaining - n WHERE
 * remaining >= n`, so a concurrent use that got there first makes the update miss (the grant
 * is then read again and drawn for what is left), and the check on `remaining` stops anything
 * that slipped past. Grants are drawn in one order for everyone, so two uses never deadlock.
 */
export async function spend(
  trx: Db,
  userId: number,
  kind: BalanceKind,
  amount: number,
  reference: string,
  now: number,
): Promise<Draw[]> {
  requireTransaction(trx);
  checkAmount(amount, 'amount');
  const ref = text(reference, 200, 'reference');
  const candidates = await spendableInDrawOrder(trx, userId, kind, now);

  const draws: Draw[] = [];
  let need = amount;
  for (const candidate of candidates) {
    let seen = candidate.remaining ?? 0;
    while (need > 0 && seen > 0) {
      const take = Math.min(need, seen);
      if (await drawFromGrant(trx, candidate.id, take)) {
        draws.push({ grantId: candidate.id, amount: take, expiresAt: candidate.expires_at });
        need -= take;
        break;
      }
      // Another use drew from it since: read what is left now and try again with that.
      seen = await liveRemainder(trx, candidate.id);
    }
    if (need === 0) break;
  }
  if (need > 0) throw appError(GrantErrors.overLimit);

  for (const draw of draws) {
    await insertLedgerEntry(trx, {
      user_id: userId,
      kind,
      grant_id: draw.grantId,
      delta: -draw.amount,
      reason: 'spend',
      reference: ref,
      created_at: now,
    });
  }
  return draws;
}

/** What the person can use now: the remainders of their live grants of the kind. */
export async function balance(db: Db, userId: number, kind: BalanceKind, now: number): Promise<number> {
  return spendableTotal(db, userId, kind, now);
}

/**
 * Closes what is left of one expired grant with an `expire` entry (spec 01: "expired AI points"
 * shows in the usage record), so the ledger says where it went. Conditional like a use: a
 * remainder drawn or expired meanwhile is not expired twice. The points expired (0 when another
 * got there first, or the grant has not expired).
 */
export async function expireGrant(trx: Db, grantId: number, now: number): Promise<number> {
  requireTransaction(trx);
  const row = await expiredLiveGrant(trx, grantId, now);
  const left = row?.remaining ?? 0;
  if (!row || left <= 0) return 0;
  if (!(await emptyRemainder(trx, grantId, left))) return 0;
  await writeOff(trx, { ...row, grantId, left }, { reason: 'expire' }, now);
  return left;
}

/** The ledger entry that takes what was left of a grant off its balance, when it is revoked or expires. */
function writeOff(
  trx: Db,
  grant: { user_id: number; kind: string; grantId: number; left: number },
  why: { reason: 'revoke' | 'expire'; reference?: string },
  now: number,
): Promise<unknown> {
  return insertLedgerEntry(trx, {
    user_id: grant.user_id,
    kind: grant.kind as BalanceKind,
    grant_id: grant.grantId,
    delta: -grant.left,
    ...why,
    created_at: now,
  });
}

/** Expires every grant of a person's balance kind that ended by `now` (`expireGrant`). */
export async function expireDue(trx: Db, userId: number, kind: BalanceKind, now: number): Promise<number> {
  requireTransaction(trx);
  let expired = 0;
  for (const id of await dueToExpire(trx, userId, kind, now)) expired += await expireGrant(trx, id, now);
  return expired;
}

export interface HistoryPage {
  /** 1-based. */
  page: number;
  /** Spec 01: AI usage history pages of 10, 20 or 50. */
  pageSize: number;
}

/** A person's movements of a balance, newest first, with the grant each came into or out of. */
export async function history(
  db: Db,
  userId: number,
  kind: BalanceKind,
  { page, pageSize }: HistoryPage,
): Promise<{ data: LedgerEntryRow[]; count: number }> {
  if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) throw operatorInputError('page must be 1 to 100000');
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 100)
    throw operatorInputError('page size must be 1 to 100');
  return ledgerPage(db, userId, kind, pageSize, (page - 1) * pageSize);
}
