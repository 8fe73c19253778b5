import {
  GrantErrors,
  PointErrors,
  type TemplateCreditAddition,
  type TemplateCreditRecord,
  type TemplateCreditSource,
  type ClosingForfeitItem,
  type GrantSource,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { AppError, appError } from '../../lib/errors.js';
import { type Reader, readLocalised, storedTranslations, type Translations } from '../../lib/localised-text.js';
import { balance, countStandingGrants, lockLicenceHolder, spend, standingGrants } from '../grants/index.js';
import { orderProducts } from '../orders/index.js';
import * as repo from './template-credit.repository.js';

export interface TemplatePurchase {
  userId: number;
  templateId: string;
  title: string;
  /** The title in other languages (the demo's purchases; docs/decisions/058). */
  titleTranslations?: Translations;
  /** Fen. */
  price: number;
}

/**
 * The template community spends a user's credit on a template (issue 13): the record and the
 * draws (soonest-expiring credit first, one ledger entry per grant under `template:<id>`) in one
 * transaction; short of credit, `Exceeded usage limit.` and nothing is written. The balance
 * cannot go below zero: each draw is conditional, and the database checks every remainder.
 */
export async function spendTemplateCredit(
  db: Db,
  input: TemplatePurchase,
  now: number,
  markApplied: (trx: Db) => Promise<void>,
): Promise<{ record_id: number; surplus: number }> {
  try {
    return await db.transaction().execute(async (trx) => {
      // One account's purchases queue, so each one's answer is the balance it left.
      if (!(await lockLicenceHolder(trx, input.userId))) throw new Error(`no open user ${input.userId}`);
      const recordId = await repo.insertTemplateSpend(trx, {
        user_id: input.userId,
        created_at: now,
        template_id: input.templateId,
        work_title: input.title,
        work_title_translations: storedTranslations(input.titleTranslations ?? {}),
        price: input.price,
      });
      await spend(trx, input.userId, 'template_credit', input.price, `template:${recordId}`, now);
      await markApplied(trx);
      return { record_id: recordId, surplus: await balance(trx, input.userId, 'template_credit', now) };
    });
  } catch (error) {
    if (error instanceof AppError && error.is(GrantErrors.overLimit)) throw appError(PointErrors.overLimit);
    throw error;
  }
}

/** Templates bought with credit, newest first, `count` from `offset`, and how many in all; titles in the reader's language. */
export async function templateRecords(
  db: Db,
  userId: number,
  offset: number,
  count: number,
  reader: Reader,
): Promise<{ list: Static<typeof TemplateCreditRecord>[]; count: number }> {
  const [rows, total] = await Promise.all([
    repo.listTemplateSpends(db, userId, { offset, count }),
    repo.countTemplateSpends(db, userId),
  ]);
  const list = rows.map(({ work_title_translations: translations, ...row }) => ({
    ...row,
    work_title: readLocalised(row.work_title, translations, reader),
  }));
  return { list, count: total };
}

/** Where credit granted from each kind of source came from; an order is a top-up or a plan's (below). */
const sourceOfGrant: Record<GrantSource, TemplateCreditSource> = {
  order: 'plan',
  code: 'gift_code',
  plan: 'other',
  activity: 'activity',
  operator: 'operator',
};

/**
 * Credit added to the account, newest first, `count` from `offset`, and how many in all: every
 * grant of credit still standing (one taken back with a refunded order is gone with it), with
 * what is left of it and when it expires. An order's grant is a top-up when the order bought
 * template credit, else a plan's extra.
 */
export async function templateAdditions(
  db: Db,
  userId: number,
  offset: number,
  count: number,
): Promise<{ list: Static<typeof TemplateCreditAddition>[]; count: number }> {
  const [rows, total] = await Promise.all([
    standingGrants(db, userId, 'template_credit', { offset, limit: count }),
    countStandingGrants(db, userId, 'template_credit'),
  ]);
  const products = await orderProducts(
    db,
    rows.flatMap((row) => (row.source_kind === 'order' ? [row.source_id] : [])),
  );
  const list = rows.map((row) => ({
    id: row.id,
    created_at: row.granted_at,
    source:
      row.source_kind === 'order' && products.get(row.source_id) === 'templateRecord'
        ? 'top_up'
        : sourceOfGrant[row.source_kind],
    order_id: row.source_kind === 'order' ? row.source_id : null,
    amount: row.amount ?? 0,
    remaining: row.remaining ?? 0,
    expires_at: row.expires_at,
  }));
  return { list, count: total };
}

/** What closing the account gives up here (modules/manifest.ts `closingForfeits`): its credit. */
export async function templateCreditForfeits(db: Db, userId: number, now: number): Promise<ClosingForfeitItem[]> {
  const fen = await balance(db, userId, 'template_credit', now);
  return fen > 0 ? [{ kind: 'template_credit', fen }] : [];
}
