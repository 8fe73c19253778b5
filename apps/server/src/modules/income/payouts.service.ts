import { isEmail, isMainlandMobile, type WithdrawalState, withdrawalStates } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { transactionExplainingUnique } from '../../db/unique-violation.js';
import { operatorInputError } from '../../lib/errors.js';
import { openSealed } from '../../lib/secrets.js';
import { insertAuditEvent } from '../audit/index.js';
import { notify } from '../messages/index.js';
import { findOpenUser, lockAnyUser } from '../user/index.js';
import * as repo from './income.repository.js';
import { availableIncome, IDENTITY_CARD_PURPOSE, owedIncome, withdrawalView } from './income.service.js';
import { chinaDay } from './payout-calendar.js';

const CHINA_OFFSET_SECONDS = 8 * 3600;

/** The unix seconds a calendar month (YYYY-MM) of China starts and ends at (end excluded). */
export function chinaMonth(month: string): { from: number; to: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const index = Number(match?.[2]) - 1;
  if (!match || index < 0 || index > 11) throw operatorInputError('--month must be YYYY-MM');
  return {
    from: Date.UTC(year, index, 1) / 1000 - CHINA_OFFSET_SECONDS,
    to: Date.UTC(year, index + 1, 1) / 1000 - CHINA_OFFSET_SECONDS,
  };
}

/** Withdrawals for operators, oldest first: of one state, of the month they were asked for in. */
export async function listWithdrawals(db: Db, filter: { state?: WithdrawalState; month?: string }) {
  const rows = await repo.listWithdrawals(db, {
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.month ? chinaMonth(filter.month) : {}),
  });
  return rows.map((row) => ({
    ...withdrawalView(row),
    user_id: row.user_id,
    name: row.name,
    zfb: row.zfb,
    transfer_reference: row.transfer_reference,
    repays_id: row.repays_id,
  }));
}

/** What an operator is told when a withdrawal of a closed account fails. */
const CLOSED_AUTHOR_FAILURE =
  "The author's account is closed: the amount is back in an income nobody can ask for again, and no message reached them.";

export type Settlement = { paid: { reference: string } } | { failed: { reason: string } };

/**
 * An operator settles a waiting withdrawal: paid with the transfer's reference, or failed with
 * the reason (the amount goes back to the author's income, and a new request may be made). Only
 * a waiting one changes (a conditional update: two operators at once settle it once); the author
 * is told in their language. The answer says whether the author's account is closed: a failure
 * then returns the amount to an income nobody can ask for again, and the operator is told so.
 */
export async function settleWithdrawal(db: Db, id: number, settlement: Settlement, now: number) {
  const paid = 'paid' in settlement;
  const text = paid
    ? requiredText('--reference', settlement.paid.reference, 100)
    : requiredText('--reason', settlement.failed.reason, 200);
  return db.transaction().execute(async (trx) => {
    const row = await repo.settleWaitingWithdrawal(trx, id, {
      state: paid ? 'paid' : 'failed',
      settled_at: now,
      transfer_reference: paid ? text : null,
      failure_reason: paid ? null : text,
    });
    if (!row) throw operatorInputError(`withdrawal ${id} is not waiting to be paid`);
    const amount = { fen: row.amount, currency: 'CNY' as const };
    if (paid) await notify(trx, row.user_id, 'withdrawalPaid', { amount }, now);
    else await notify(trx, row.user_id, 'withdrawalFailed', { amount, reason: text }, now);
    const closed = (await findOpenUser(trx, { id: row.user_id })) === undefined;
    return {
      ...withdrawalView(row),
      author_account_closed: closed,
      ...(closed && !paid ? { note: CLOSED_AUTHOR_FAILURE } : {}),
    };
  });
}

export interface Repayment {
  /** The payment provider's reference of the transfer made by hand. */
  reference: string;
  /** Why, for the account's audit trail: who asked, when, by which channel. */
  reason: string;
  /** The Alipay account paid, when not the failed withdrawal's (the usual cause of a failure). */
  zfb?: string;
  /** The payee's real name, when not the failed withdrawal's. */
  name?: string;
}

/**
 * A failed withdrawal of a closed account paid by hand after all. Its author cannot ask again
 * (the income screen went with the account), so customer service pays the amount the failure
 * gave back, usually to a corrected Alipay account, and records the transfer here as a new paid
 * withdrawal naming the failed one (which stays as it was: the books show both).
 *
 * Only a failure after the closing: closing promised to pay the withdrawals still waiting, and
 * listed the rest of the income as given up (decision 044). An open account is refused: its
 * author asks again on the income screen. The payout is the debit of the income the failure gave
 * back, so the amount must still be there (a sale refunded while the withdrawal waited may have
 * taken it). Once per failed withdrawal: the database's unique index decides between two
 * operators at once. The reason goes to the account's audit trail.
 */
export async function repayFailedWithdrawal(db: Db, id: number, repayment: Repayment, now: number) {
  const reference = requiredText('--reference', repayment.reference, 100);
  const reason = requiredText('--reason', repayment.reason, 200);
  const zfb = repayment.zfb?.trim();
  if (zfb !== undefined && !(isMainlandMobile(zfb) || isEmail(zfb)))
    throw operatorInputError('--zfb must be an Alipay account: a mainland mobile number or an e-mail address');
  const name = repayment.name === undefined ? undefined : requiredText('--name', repayment.name, 50);
  return transactionExplainingUnique(
    db,
    async (trx) => {
      const failed = await repo.findWithdrawal(trx, id);
      if (!failed) throw operatorInputError(`no withdrawal ${id}`);
      if (failed.state !== 'failed') throw operatorInputError(`withdrawal ${id} has not failed: it is ${failed.state}`);
      // The author's row, locked whether open or closed: income is counted under it (asAuthor).
      const author = await lockAnyUser(trx, failed.user_id);
      if (author.closed_at === null)
        throw operatorInputError("the author's account is open: they can ask again on the income screen");
      // Closing listed the income and promised only the withdrawals still waiting (decision 044).
      if ((failed.settled_at ?? 0) < author.closed_at)
        throw operatorInputError(
          `withdrawal ${id} failed before the account was closed: its author gave that income up by closing`,
        );
      const earlier = await repo.findRepaymentOf(trx, id);
      if (earlier) throw operatorInputError(`withdrawal ${id} was paid again already, as withdrawal ${earlier.id}`);
      const available = await availableIncome(trx, failed.user_id, now);
      if (available < failed.amount)
        throw operatorInputError(
          `only ${available} of the ${failed.amount} fen is left in the author's income (refunds since the failure)`,
        );
      const { id: _failedId, ...payee } = failed;
      const paid = await repo.insertWithdrawal(trx, {
        ...payee,
        zfb: zfb ?? failed.zfb,
        name: name ?? failed.name,
        state: 'paid',
        created_at: now,
        payout_on: chinaDay(now),
        settled_at: now,
        transfer_reference: reference,
        failure_reason: null,
        repays_id: id,
      });
      await insertAuditEvent(
        trx,
        {
          userId: failed.user_id,
          kind: 'withdrawal.repaid',
          ip: null,
          userAgent: null,
          detail: { withdrawal: paid.id, repays: id, reference, reason },
        },
        now,
      );
      return { ...withdrawalView(paid), repays_id: id, transfer_reference: reference };
    },
    // Another operator's payout committed between this one's check and its insert.
    (columns) =>
      columns.includes('repays_id') ? operatorInputError(`withdrawal ${id} was paid again already`) : undefined,
  );
}

function requiredText(flag: string, value: string, max: number): string {
  const text = value.trim();
  if (text.length === 0 || text.length > max) throw operatorInputError(`${flag} must have 1 to ${max} characters`);
  return text;
}

/** A CSV field, quoted when needed; a leading formula character is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A month's waiting withdrawals as the batch transfer file of the payment provider: one row a
 * payee (Alipay account, real name, amount in yuan) with our id as the remark, so each payment
 * made can be marked paid by it; and what the author owes now (a sale refunded since the request
 * took back income it was asked against), so the operator can fail it rather than pay it.
 */
export async function payableCsv(
  db: Db,
  month: string,
  now: number,
): Promise<{ csv: string; rows: number; total: number; owing: number }> {
  const rows = await listWithdrawals(db, { state: 'submitted', month });
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const lines = [['withdrawal_id', 'alipay_account', 'name', 'amount_cny', 'payout_on', 'author_owes_cny']];
  let owing = 0;
  for (const row of rows) {
    const owed = await owedIncome(db, row.user_id, now);
    if (owed > 0) owing++;
    lines.push([String(row.id), row.zfb, row.name, yuan(row.amount), row.payout_on, yuan(owed)]);
  }
  return {
    csv: `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`,
    rows: rows.length,
    total: rows.reduce((sum, row) => sum + row.amount, 0),
    owing,
  };
}

/**
 * The whole identity number of a withdrawal's payee, for the tax filing an operator makes; the
 * reading is audited (who, which withdrawal, why), the number itself never logged.
 */
export async function revealIdentityCard(db: Db, secretKey: string, id: number, reason: string, now: number) {
  if (reason.trim().length === 0) throw operatorInputError('--reason is required');
  const row = await repo.findWithdrawal(db, id);
  if (!row) throw operatorInputError(`no withdrawal ${id}`);
  await insertAuditEvent(
    db,
    {
      userId: row.user_id,
      kind: 'withdrawal.identity_read',
      ip: null,
      userAgent: null,
      detail: { withdrawal: id, reason: reason.trim() },
    },
    now,
  );
  return { withdrawal: id, identity_card: openSealed(secretKey, IDENTITY_CARD_PURPOSE, row.identity_card_cipher) };
}

export const isWithdrawalState = (value: string): value is WithdrawalState =>
  (withdrawalStates as readonly string[]).includes(value);
