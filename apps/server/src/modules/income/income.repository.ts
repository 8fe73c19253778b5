import type { IncomeProduct } from '@account-centre/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IncomeEntriesTable, WithdrawalsTable } from './income.tables.js';

type EntryKind = IncomeEntriesTable['kind'];
type WithdrawalState = WithdrawalsTable['state'];

const sumOf = (row: { total: unknown } | undefined) => Number(row?.total ?? 0);

// ---- the income ledger ---------------------------------------------------------------------

/**
 * Records an entry unless one of its (kind, source) stands already (the database's unique key
 * decides between two at once); nothing is answered, the entry that stands is read after.
 */
export function insertEntryUnlessRecorded(db: Db, row: Insertable<IncomeEntriesTable>) {
  return db
    .insertInto('income_entries')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Records the entry reversing another; undefined when that one was reversed already (the unique
 * reference to it decides).
 */
export function insertReversal(db: Db, row: Insertable<IncomeEntriesTable>) {
  return db
    .insertInto('income_entries')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The entry of a kind recorded for a source (an order, a sale), whoever it is for. */
function entryOfSource(db: Db, kind: EntryKind, sourceId: string) {
  return db.selectFrom('income_entries').selectAll().where('kind', '=', kind).where('source_id', '=', sourceId);
}

export function findEntry(db: Db, kind: EntryKind, sourceId: string) {
  return entryOfSource(db, kind, sourceId).executeTakeFirst();
}

/** The entry of a kind and source that was just recorded or stood already: it must exist. */
export function getEntry(db: Db, kind: EntryKind, sourceId: string) {
  return entryOfSource(db, kind, sourceId).executeTakeFirstOrThrow();
}

/** The author's own entry of a kind and source, or undefined. */
export function findAuthorsEntry(db: Db, userId: number, kind: EntryKind, sourceId: string) {
  return entryOfSource(db, kind, sourceId).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the person has any entry in the ledger: a sale, a cashback or a reversal of one. */
export async function hasIncomeEntries(db: Db, userId: number): Promise<boolean> {
  const found = await db
    .selectFrom('income_entries')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The sum of an author's entries, of those withdrawable at `until` when given. */
export async function sumEntries(db: Db, userId: number, until?: number): Promise<number> {
  let credits = db
    .selectFrom('income_entries')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId);
  if (until !== undefined) credits = credits.where('available_at', '<=', until);
  return sumOf(await credits.executeTakeFirst());
}

/** An author's entries not yet withdrawable at `now`, summed by the time they become so, soonest first. */
export function lockedWindows(db: Db, userId: number, now: number) {
  return db
    .selectFrom('income_entries')
    .select((eb) => ['available_at', eb.fn.sum<number>('amount').as('total')])
    .where('user_id', '=', userId)
    .where('available_at', '>', now)
    .groupBy('available_at')
    .orderBy('available_at')
    .execute();
}

function entriesInWindow(db: Db, userId: number, window: { product: IncomeProduct; start: number; end: number }) {
  return db
    .selectFrom('income_entries')
    .where('user_id', '=', userId)
    .where('product', '=', window.product)
    .where('created_at', '>=', window.start)
    .where('created_at', '<=', window.end);
}

/** A page of an author's entries of one product made in a window, newest first (then by id). */
export function entryPage(
  db: Db,
  userId: number,
  window: { product: IncomeProduct; start: number; end: number },
  page: { offset: number; count: number },
) {
  return entriesInWindow(db, userId, window)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.count)
    .offset(page.offset)
    .execute();
}

export async function countEntries(
  db: Db,
  userId: number,
  window: { product: IncomeProduct; start: number; end: number },
): Promise<number> {
  const total = await entriesInWindow(db, userId, window)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(total.count);
}

// ---- withdrawals ---------------------------------------------------------------------------

/** The amount of a person's withdrawals in the states named. */
export async function sumWithdrawals(db: Db, userId: number, states: readonly WithdrawalState[]): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('state', 'in', states)
    .executeTakeFirst();
  return sumOf(row);
}

/** A person's latest withdrawals, newest first. */
export function recentWithdrawals(db: Db, userId: number, count: number) {
  return db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(count).execute();
}

/** A person's withdrawal still waiting to be paid (one at most: a partial unique index), or undefined. */
export function findWaitingWithdrawal(db: Db, userId: number) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'submitted')
    .executeTakeFirst();
}

export function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>) {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findWithdrawal(db: Db, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Withdrawals, oldest first: of one state, asked for in a time range (`to` excluded), when given. */
export function listWithdrawals(db: Db, filter: { state?: WithdrawalState; from?: number; to?: number }) {
  let query = db.selectFrom('withdrawals').selectAll();
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  return query.orderBy('id').execute();
}

/**
 * Settles a withdrawal that is waiting, with a conditional update (two operators at once settle
 * it once); undefined when it is not waiting.
 */
export function settleWaitingWithdrawal(db: Db, id: number, settlement: Updateable<WithdrawalsTable>) {
  return db
    .updateTable('withdrawals')
    .set(settlement)
    .where('id', '=', id)
    .where('state', '=', 'submitted')
    .returningAll()
    .executeTakeFirst();
}

/** The payout made by hand for a failed withdrawal, if one was. */
export function findRepaymentOf(db: Db, failedId: number) {
  return db.selectFrom('withdrawals').select('id').where('repays_id', '=', failedId).executeTakeFirst();
}
