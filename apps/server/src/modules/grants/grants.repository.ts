import type {
  BalanceKind,
  GrantKind,
  GrantSource,
  PersonalPlatform,
  SubscriptionProduct,
} from '@account-centre/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GrantsTable, LedgerEntriesTable } from './grants.tables.js';

/**
 * The grants module's queries on `grants` and `ledger_entries` (docs/architecture.md#grants-and-ledgers).
 * The rules — what may be given, drawn or taken back, and in which transaction — are the
 * service's; every statement here runs in the `db` or transaction it is handed.
 */

export type GrantRow = Selectable<GrantsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

export function insertLedgerEntry(
  trx: Db,
  values: Omit<LedgerEntriesTable, 'id' | 'reference'> & { reference?: string | null },
): Promise<unknown> {
  return trx
    .insertInto('ledger_entries')
    .values({ ...values, reference: values.reference ?? null })
    .execute();
}

/**
 * Inserts a grant unless its source has given this kind already; undefined then. Not a failed
 * insert: on PostgreSQL that would abort the caller's whole transaction.
 */
export function insertGrantOnce(trx: Db, values: Insertable<GrantsTable>): Promise<GrantRow | undefined> {
  return trx
    .insertInto('grants')
    .values(values)
    .onConflict((oc) => oc.columns(['source_kind', 'source_id', 'kind']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The grant of `kind` a source gave, if it gave one (the grant's idempotency key). */
export function grantFromSource(
  db: Db,
  source: { kind: GrantSource; id: string },
  kind: GrantKind,
): Promise<GrantRow | undefined> {
  return db
    .selectFrom('grants')
    .selectAll()
    .where('source_kind', '=', source.kind)
    .where('source_id', '=', source.id)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Every grant a source gave that has not been taken back, oldest first. */
export function liveGrantsFromSource(db: Db, source: { kind: GrantSource; id: string }): Promise<GrantRow[]> {
  return db
    .selectFrom('grants')
    .selectAll()
    .where('source_kind', '=', source.kind)
    .where('source_id', '=', source.id)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function grantById(db: Db, grantId: number): Promise<GrantRow | undefined> {
  return db.selectFrom('grants').selectAll().where('id', '=', grantId).executeTakeFirst();
}

/** Marks a live grant revoked; undefined when it is not there or already revoked. */
export function markRevoked(trx: Db, grantId: number, reason: string, now: number): Promise<GrantRow | undefined> {
  return trx
    .updateTable('grants')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Sets a grant's remainder to 0 — only while it is still `left` when `left` is given; whether it did. */
export async function emptyRemainder(trx: Db, grantId: number, left?: number): Promise<boolean> {
  let update = trx.updateTable('grants').set({ remaining: 0 }).where('id', '=', grantId);
  if (left !== undefined) update = update.where('remaining', '=', left);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A person's live grants of a balance kind with something left. */
function spendable(db: Db, userId: number, kind: BalanceKind, now: number) {
  return db
    .selectFrom('grants')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
}

/** The grants a use draws from, in the one order for everyone: soonest expiry first, never-expiring last. */
export function spendableInDrawOrder(db: Db, userId: number, kind: BalanceKind, now: number) {
  return (
    spendable(db, userId, kind, now)
      .select(['id', 'remaining', 'expires_at'])
      // `expires_at is null` sorts false (0) before true (1) on both databases: dated grants first.
      .orderBy((eb) => eb('expires_at', 'is', null))
      .orderBy('expires_at')
      .orderBy('id')
      .execute()
  );
}

/** The sum of the live remainders of a balance kind. */
export async function spendableTotal(db: Db, userId: number, kind: BalanceKind, now: number): Promise<number> {
  const row = await spendable(db, userId, kind, now)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Draws `take` from a live grant only if it still has that much; whether it did. */
export async function drawFromGrant(trx: Db, grantId: number, take: number): Promise<boolean> {
  const updated = await trx
    .updateTable('grants')
    .set((eb) => ({ remaining: eb('remaining', '-', take) }))
    .where('id', '=', grantId)
    .where('remaining', '>=', take)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** What is left of a live grant now (0 when it is gone or revoked). */
export async function liveRemainder(trx: Db, grantId: number): Promise<number> {
  const row = await trx
    .selectFrom('grants')
    .select('remaining')
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.remaining ?? 0;
}

/** A live grant that has expired by `now`, with what is left of it. */
export function expiredLiveGrant(trx: Db, grantId: number, now: number) {
  return trx
    .selectFrom('grants')
    .select(['user_id', 'kind', 'remaining'])
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
}

/** The ids of a person's live grants of a balance kind that ended by `now` with something left. */
export async function dueToExpire(trx: Db, userId: number, kind: BalanceKind, now: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One page of a person's movements of a balance, newest first, and how many there are. */
export async function ledgerPage(
  db: Db,
  userId: number,
  kind: BalanceKind,
  limit: number,
  offset: number,
): Promise<{ data: LedgerEntryRow[]; count: number }> {
  const mine = db.selectFrom('ledger_entries').where('user_id', '=', userId).where('kind', '=', kind);
  const [data, total] = await Promise.all([
    mine.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { data, count: Number(total.count) };
}

/**
 * The order numbers of a person's live licence grants that bring a renewal (`have_renew`), of one
 * product or of all, newest grant first, with the store product id each was bought as.
 */
export function liveRenewingLicences(
  db: Db,
  userId: number,
  product?: SubscriptionProduct,
): Promise<{ order_no: string | null; product_id: number | null }[]> {
  let query = db
    .selectFrom('licence_grants as l')
    .innerJoin('grants as g', 'g.id', 'l.grant_id')
    .select(['l.order_no', 'l.product_id'])
    .where('l.user_id', '=', userId)
    .where('l.have_renew', '=', 1)
    .where('g.revoked_at', 'is', null);
  if (product !== undefined) query = query.where('l.product', '=', product);
  return query.orderBy('l.grant_id', 'desc').execute();
}

/** The ends a person's licence record of `product` holds on `platforms` (undefined: no record). */
export function licenceRecordEnds<P extends PersonalPlatform>(
  db: Db,
  userId: number,
  product: SubscriptionProduct,
  platforms: readonly P[],
) {
  return db
    .selectFrom('subscriptions')
    .select(platforms.map((platform) => `${platform}_exp` as const))
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .executeTakeFirst();
}
