import {
  CASHBACK_LOCK_DAYS,
  chinaDateNumber,
  CommonErrors,
  IncomeErrors,
  type IncomeProduct,
  type IncomeRecord,
  maskIdentityCard,
  platformFee,
  type Withdrawal,
  type WithdrawalForm,
  withdrawalProblem,
  withdrawalTipErrors,
  withdrawalYuan,
  type ClosingForfeitItem,
} from '@account-centre/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import type { IncomeEntriesTable, WithdrawalsTable } from './income.tables.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError, appError } from '../../lib/errors.js';
import { type Reader, readLocalised, storedTranslations, type Translations } from '../../lib/localised-text.js';
import { sealText } from '../../lib/secrets.js';
import { lockOpenUser } from '../user/index.js';
import * as repo from './income.repository.js';
import { type PayoutCalendar, payoutDay } from './payout-calendar.js';

type EntryRow = Selectable<IncomeEntriesTable>;
type WithdrawalRow = Selectable<WithdrawalsTable>;

const DAY = 86_400;
/** The purpose the identity number's key is derived for (lib/secrets.ts). */
export const IDENTITY_CARD_PURPOSE = 'withdrawal-identity-card';

/**
 * Runs `work` in a transaction that holds the author's row lock (the user module's, which grants
 * take too): one account's movements queue.
 */
function asAuthor<T>(db: Db, userId: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOpenUser(trx, userId))) throw appError(CommonErrors.notFound);
    return work(trx);
  });
}

interface NewEntry {
  userId: number;
  product: IncomeProduct;
  sourceId: string;
  title: string;
  /** The title in other languages (an operator's, or the demo's; docs/decisions/058). */
  titleTranslations?: Translations;
  description?: string;
}

/**
 * Inserts an entry unless its (kind, source) is recorded already, and answers the entry that
 * stands. A source recorded for another author is a conflict, never a second entry.
 */
async function recordOnce(
  trx: Db,
  values: Insertable<IncomeEntriesTable>,
  markApplied: (trx: Db) => Promise<void>,
): Promise<EntryRow> {
  await repo.insertEntryUnlessRecorded(trx, values);
  const entry = await repo.getEntry(trx, values.kind, values.source_id);
  if (entry.user_id !== values.user_id) throw appError(CommonErrors.conflict);
  await markApplied(trx);
  return entry;
}

const recorded = (entry: EntryRow) => ({ income_id: entry.id, price: entry.amount, fee: entry.fee });

/** A template sold (spec 01 §6): the author's 70% share, the platform's 30% beside it. */
export function recordSale(
  db: Db,
  input: NewEntry & { gross: number },
  now: number,
  markApplied: (trx: Db) => Promise<void>,
) {
  const fee = platformFee(input.gross);
  return asAuthor(db, input.userId, async (trx) =>
    recorded(
      await recordOnce(
        trx,
        {
          user_id: input.userId,
          product: input.product,
          kind: 'sale',
          amount: input.gross - fee,
          gross: input.gross,
          fee,
          source_id: input.sourceId,
          title: input.title,
          title_translations: storedTranslations(input.titleTranslations ?? {}),
          description: input.description ?? '',
          created_at: now,
          available_at: now,
          reverses_id: null,
        },
        markApplied,
      ),
    ),
  );
}

/** A friend's order's cashback (spec 01 §4): withdrawable 7 days after the order. */
export function recordCashback(
  db: Db,
  input: NewEntry & { amount: number; orderedAt: number },
  now: number,
  markApplied: (trx: Db) => Promise<void>,
) {
  const orderedAt = Math.min(input.orderedAt, now);
  return asAuthor(db, input.userId, async (trx) =>
    recorded(
      await recordOnce(
        trx,
        {
          user_id: input.userId,
          product: input.product,
          kind: 'cashback',
          amount: input.amount,
          gross: input.amount,
          fee: 0,
          source_id: input.sourceId,
          title: input.title,
          title_translations: storedTranslations(input.titleTranslations ?? {}),
          description: input.description ?? '',
          created_at: now,
          available_at: orderedAt + CASHBACK_LOCK_DAYS * DAY,
          reverses_id: null,
        },
        markApplied,
      ),
    ),
  );
}

/**
 * A refund: a sale's share and fee taken back, or a cashback cancelled while still locked (after
 * the lock it is the inviter's: `cashback unlocked`). A new entry that names the one it reverses;
 * each is reversed once (the database's unique reference decides between two at once).
 */
export function refundIncome(
  db: Db,
  input: { userId: number; of: 'sale' | 'cashback'; sourceId: string },
  now: number,
  markApplied: (trx: Db) => Promise<void>,
) {
  return asAuthor(db, input.userId, async (trx) => {
    const original = await repo.findAuthorsEntry(trx, input.userId, input.of, input.sourceId);
    if (!original) throw appError(IncomeErrors.unknownIncome);
    if (input.of === 'cashback' && now >= original.available_at) throw appError(IncomeErrors.cashbackUnlocked);
    const inserted = await reverseEntry(trx, original, now);
    if (!inserted) throw appError(IncomeErrors.alreadyReversed);
    await markApplied(trx);
    return recorded(inserted);
  });
}

type IncomeEntryRow = Selectable<IncomeEntriesTable>;

/** The entry that reverses `original`, once: null when it was reversed already. */
function reverseEntry(trx: Db, original: IncomeEntryRow, now: number) {
  const isSale = original.kind === 'sale';
  return repo.insertReversal(trx, {
    user_id: original.user_id,
    product: original.product,
    kind: isSale ? 'sale_refund' : 'cashback_cancel',
    amount: -original.amount,
    gross: -original.gross,
    fee: -original.fee,
    source_id: original.source_id,
    title: original.title,
    title_translations: original.title_translations,
    description: original.description,
    created_at: now,
    // A cancelled cashback goes with the lock it was in; a refund counts at once.
    available_at: isSale ? now : original.available_at,
    reverses_id: original.id,
  });
}

/**
 * A refunded order's cashback, in the refund's transaction: cancelled while still locked; after
 * its lock it is the inviter's and stays (`kept_unlocked`). `none` when the order earned none.
 */
export async function cancelCashbackOf(
  trx: Db,
  orderNo: string,
  now: number,
): Promise<'cancelled' | 'kept_unlocked' | 'none'> {
  const original = await repo.findEntry(trx, 'cashback', orderNo);
  if (!original) return 'none';
  if (now >= original.available_at) return 'kept_unlocked';
  await reverseEntry(trx, original, now);
  return 'cancelled';
}

/**
 * The author's balance: entries withdrawable at `until` (every entry when not given) less
 * withdrawals waiting or paid. Below zero only when a refund took back income already
 * withdrawn: that much is owed, and later income settles it first (docs/decisions/053).
 */
async function incomeBalance(db: Db, userId: number, until?: number): Promise<number> {
  const [credited, out] = await Promise.all([
    repo.sumEntries(db, userId, until),
    repo.sumWithdrawals(db, userId, ['submitted', 'paid']),
  ]);
  return credited - out;
}

/** What a balance shows as: income that can be withdrawn, or what is owed; never below zero. */
const sidesOf = (balance: number) => ({ available: Math.max(0, balance), owed: Math.max(0, -balance) });

/** Income that can be withdrawn now: never below zero (what a refund took beyond it is owed). */
export async function availableIncome(db: Db, userId: number, now: number): Promise<number> {
  return sidesOf(await incomeBalance(db, userId, now)).available;
}

/** Cashback still locked, and when the soonest of it unlocks. */
async function lockedIncome(db: Db, userId: number, now: number) {
  const windows = await repo.lockedWindows(db, userId, now);
  const live = windows.filter((window) => Number(window.total) > 0);
  return {
    locked: live.reduce((sum, window) => sum + Number(window.total), 0),
    unlock_at: live[0]?.available_at ?? null,
  };
}

type WithdrawalView = Static<typeof Withdrawal>;

export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    amount: row.amount,
    fee: 0,
    received: row.amount,
    state: row.state,
    created_at: row.created_at,
    payout_on: row.payout_on,
    settled_at: row.settled_at,
    failure_reason: row.failure_reason,
    zfb: maskPaymentAccount(row.zfb),
    identity_card: row.identity_card_mask,
  };
}

/** The Alipay account as screens show it: a phone's middle digits, an address's name hidden. */
function maskPaymentAccount(account: string): string {
  if (!account.includes('@')) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const [name = '', domain = ''] = account.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

/** What the cash tab shows (getIncome). */
export async function incomeSummary(db: Db, userId: number, now: number, calendar: PayoutCalendar) {
  const [balance, locked, recent] = await Promise.all([
    incomeBalance(db, userId, now),
    lockedIncome(db, userId, now),
    repo.recentWithdrawals(db, userId, 5),
  ]);
  const ongoing = recent.find((row) => row.state === 'submitted');
  const { available, owed } = sidesOf(balance);
  return {
    avaliable: available,
    owed,
    ...locked,
    ongoing: ongoing ? withdrawalView(ongoing) : null,
    recent: recent.map(withdrawalView),
    payout_on: payoutDay(now, calendar),
  };
}

const YEAR = 365 * DAY;

/** The record tab's default window (spec 01 §5): a year ago to the end of today in China. */
export function defaultIncomeWindow(now: number): { start: number; end: number } {
  const chinaMidnight = Math.floor((now + 8 * 3600) / DAY) * DAY - 8 * 3600;
  return { start: chinaMidnight + DAY - 1 - YEAR, end: chinaMidnight + DAY - 1 };
}

/** One product's entries in a window, newest first, `count` from `offset` (getProperty). */
export async function incomeRecords(
  db: Db,
  userId: number,
  query: { product: IncomeProduct; offset: number; count: number; start?: number; end?: number },
  now: number,
  reader: Reader,
) {
  const window = defaultIncomeWindow(now);
  const start = query.start ?? window.start;
  const end = query.end ?? window.end;
  const inWindow = { product: query.product, start, end };
  const [rows, total] = await Promise.all([
    repo.entryPage(db, userId, inWindow, query),
    repo.countEntries(db, userId, inWindow),
  ]);
  const income: Static<typeof IncomeRecord>[] = rows.map((row) => ({
    id: row.id,
    title: readLocalised(row.title, row.title_translations, reader),
    created_at: row.created_at,
    price: row.amount,
    product: row.product,
    description: row.description,
    kind: row.kind,
    gross: row.kind === 'cashback' || row.kind === 'cashback_cancel' ? 0 : row.gross,
    fee: row.fee,
    unlocks_at: row.kind === 'cashback' && row.available_at > now ? row.available_at : null,
  }));
  return { count: total, income, start, end };
}

/**
 * A withdrawal asked for (spec 01 §4, §5). Under the author's row lock: an unfinished one
 * refuses it; then the form's checks in the spec's order against the income available now;
 * then the request row, which is the debit (available income counts it at once). The database
 * keeps one unfinished withdrawal per account whoever writes.
 */
export async function requestWithdrawal(
  db: Db,
  input: { userId: number; form: WithdrawalForm; secretKey: string; calendar: PayoutCalendar },
  now: number,
  markApplied: (trx: Db) => Promise<void>,
): Promise<WithdrawalView> {
  try {
    return await asAuthor(db, input.userId, async (trx) => {
      if (await repo.findWaitingWithdrawal(trx, input.userId)) throw appError(IncomeErrors.ongoing);
      const available = await availableIncome(trx, input.userId, now);
      const problem = withdrawalProblem(input.form, available, chinaDateNumber(now));
      if (problem) throw appError(withdrawalTipErrors[problem]);
      const identityCard = input.form.identity_card.trim().toUpperCase();
      const row = await repo.insertWithdrawal(trx, {
        user_id: input.userId,
        amount: Math.round(withdrawalYuan(input.form.amount) * 100),
        state: 'submitted',
        zfb: input.form.zfb.trim(),
        name: input.form.name.trim(),
        mobile: input.form.mobile.trim(),
        identity_card_cipher: sealText(input.secretKey, IDENTITY_CARD_PURPOSE, identityCard),
        identity_card_mask: maskIdentityCard(identityCard),
        created_at: now,
        payout_on: payoutDay(now, input.calendar),
        settled_at: null,
        transfer_reference: null,
        failure_reason: null,
      });
      await markApplied(trx);
      return withdrawalView(row);
    });
  } catch (error) {
    if (!(error instanceof AppError) && uniqueViolation(error)) throw appError(IncomeErrors.ongoing);
    throw error;
  }
}

/**
 * What closing the account gives up here (modules/manifest.ts `closingForfeits`): the income not
 * yet withdrawn, locked cashback included; and, named beside it, the withdrawals still to be
 * paid, which operators pay to the account they name whether or not the author's account is open;
 * or what the author owes once the locked cashback has gone to it (closing does not cancel it).
 */
export async function incomeForfeits(db: Db, userId: number, _now: number): Promise<ClosingForfeitItem[]> {
  const [{ available: income, owed }, pending] = await Promise.all([
    // Every entry, locked cashback included: what the balance comes to once all of it unlocks.
    incomeBalance(db, userId).then(sidesOf),
    repo.sumWithdrawals(db, userId, ['submitted']),
  ]);
  const forfeits: ClosingForfeitItem[] = [];
  if (income > 0) forfeits.push({ kind: 'income', fen: income });
  if (pending > 0) forfeits.push({ kind: 'withdrawal_pending', fen: pending });
  if (owed > 0) forfeits.push({ kind: 'income_owed', fen: owed });
  return forfeits;
}

/** What an author owes now (fen): for operators about to pay one of their withdrawals. */
export async function owedIncome(db: Db, userId: number, now: number): Promise<number> {
  return sidesOf(await incomeBalance(db, userId, now)).owed;
}
