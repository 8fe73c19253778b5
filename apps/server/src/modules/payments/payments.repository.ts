import type { CheckoutState, Currency } from '@account-centre/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CheckoutsTable, PaymentNotificationOutcome, PaymentReviewKind } from './payments.tables.js';

/**
 * The payments module's queries on `checkouts`, `payment_notifications` and `payment_reviews`.
 * A checkout's state moves only by the conditional updates here (`… WHERE state IN (…)`), so two
 * instances settling, closing or refunding the same checkout never both succeed; which move is
 * allowed when is the services' business.
 */

export type CheckoutRow = Selectable<CheckoutsTable>;

export function insertCheckout(trx: Db, values: Insertable<CheckoutsTable>): Promise<CheckoutRow> {
  return trx.insertInto('checkouts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function checkoutByTradeNo(db: Db, outTradeNo: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

/** Whether the person has opened any checkout, whatever became of it. */
export async function hasCheckouts(db: Db, userId: number): Promise<boolean> {
  const found = await db.selectFrom('checkouts').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return found !== undefined;
}

/** Unpaid checkouts past their time, soonest first. */
export function expiredUnpaidCheckouts(db: Db, now: number, limit: number): Promise<CheckoutRow[]> {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('state', '=', 'created')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/**
 * Moves a checkout from one of the states `from` to `to`, with the columns that go with it;
 * undefined when it was not in one of them (another instance moved it first).
 */
export function moveCheckout(
  trx: Db,
  where: { id: number } | { outTradeNo: string },
  from: readonly CheckoutState[],
  to: Partial<Pick<CheckoutRow, 'state' | 'paid_at' | 'fulfilled_at' | 'closed_at' | 'refunded_at'>>,
  now: number,
): Promise<CheckoutRow | undefined> {
  let update = trx
    .updateTable('checkouts')
    .set({ ...to, updated_at: now })
    .where('state', 'in', from);
  update = 'id' in where ? update.where('id', '=', where.id) : update.where('out_trade_no', '=', where.outTradeNo);
  return update.returningAll().executeTakeFirst();
}

/** Columns set once a checkout's outcome is known: the company it bought for, the refund's note. */
export async function annotateCheckout(
  trx: Db,
  checkoutId: number,
  values: Partial<Pick<CheckoutRow, 'company_id' | 'refund_note'>>,
): Promise<void> {
  await trx.updateTable('checkouts').set(values).where('id', '=', checkoutId).execute();
}

/** What the coupon chain follows of a checkout (coupon-returns.ts). */
const couponLinkColumns = ['out_trade_no', 'fulfilled_at', 'coupon_grant_id', 'discount'] as const;
export type CouponLink = Pick<CheckoutRow, (typeof couponLinkColumns)[number]>;

export function couponLinkOf(trx: Db, where: { outTradeNo: string } | { couponGrantId: number }) {
  const query = trx.selectFrom('checkouts').select(couponLinkColumns);
  return (
    'outTradeNo' in where
      ? query.where('out_trade_no', '=', where.outTradeNo)
      : query.where('coupon_grant_id', '=', where.couponGrantId)
  ).executeTakeFirst();
}

/** Among `orderNos`, one that is the agreement's first checkout or one of its renewals, if any. */
export async function agreementCheckoutAmong(db: Db, agreementOf: string, orderNos: string[]): Promise<boolean> {
  if (orderNos.length === 0) return false;
  const found = await db
    .selectFrom('checkouts')
    .select('out_trade_no')
    .where('out_trade_no', 'in', orderNos)
    .where((eb) => eb.or([eb('out_trade_no', '=', agreementOf), eb('renews', '=', agreementOf)]))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** A company's settled purchases, newest first (the company's order list). */
export function companyPayments(db: Db, companyId: number) {
  return db
    .selectFrom('checkouts')
    .select(['out_trade_no', 'paid_at', 'amount', 'currency', 'company_change', 'quantity', 'state'])
    .where('company_id', '=', companyId)
    .where('state', 'in', ['fulfilled', 'refunded'])
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Checkouts for the operator, newest first: all, or those in one state or of one user. */
export function listCheckouts(
  db: Db,
  filter: { state?: CheckoutState | undefined; userId?: number | undefined; limit: number },
) {
  let query = db
    .selectFrom('checkouts')
    .select([
      'out_trade_no',
      'user_id',
      'item',
      'product',
      'quantity',
      'method',
      'provider',
      'currency',
      'amount',
      'state',
      'created_at',
      'expires_at',
      'paid_at',
      'closed_at',
      'refunded_at',
      'refund_note',
    ])
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  return query.execute();
}

export async function insertNotification(
  db: Db,
  values: {
    provider: string;
    outTradeNo: string | null;
    event: string | null;
    outcome: PaymentNotificationOutcome;
    detail: string | null;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('payment_notifications')
    .values({
      provider: values.provider.slice(0, 16),
      out_trade_no: values.outTradeNo?.slice(0, 64) ?? null,
      event: values.event?.slice(0, 16) ?? null,
      outcome: values.outcome,
      detail: values.detail?.slice(0, 500) ?? null,
      received_at: now,
    })
    .execute();
}

/** The last notification logged for a checkout. */
export function lastNotification(db: Db, outTradeNo: string) {
  return db
    .selectFrom('payment_notifications')
    .select(['outcome', 'received_at'])
    .where('out_trade_no', '=', outTradeNo)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Payments an operator must look at (docs/decisions/052), recorded in the transaction that
 * found them, once per payment and kind (the table's unique key decides on any instance):
 * - `refused`: paid for a company as it no longer is; refunded through the provider, or to be
 *   paid back by hand for a bank transfer;
 * - `coupon_spent`: a discount whose coupon another checkout had already used.
 */
export async function recordReview(
  trx: Db,
  review: { outTradeNo: string; kind: PaymentReviewKind; amount: number; currency: Currency; detail: object },
  now: number,
): Promise<void> {
  await trx
    .insertInto('payment_reviews')
    .values({
      out_trade_no: review.outTradeNo,
      kind: review.kind,
      amount: review.amount,
      currency: review.currency,
      detail: JSON.stringify(review.detail).slice(0, 500),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['out_trade_no', 'kind']).doNothing())
    .execute();
}

/** The reviews, newest first, with the payment's buyer and where it stands now. */
export async function listReviews(db: Db, input: { kind?: PaymentReviewKind | undefined; limit: number }) {
  let query = db
    .selectFrom('payment_reviews')
    .innerJoin('checkouts', 'checkouts.out_trade_no', 'payment_reviews.out_trade_no')
    .select([
      'payment_reviews.id',
      'payment_reviews.out_trade_no',
      'payment_reviews.kind',
      'payment_reviews.amount',
      'payment_reviews.currency',
      'payment_reviews.detail',
      'payment_reviews.created_at',
      'checkouts.user_id',
      'checkouts.state',
      'checkouts.provider',
    ])
    .orderBy('payment_reviews.id', 'desc')
    .limit(input.limit);
  if (input.kind) query = query.where('payment_reviews.kind', '=', input.kind);
  const rows = await query.execute();
  return rows.map(({ detail, ...row }) => ({ ...row, detail: JSON.parse(detail) as unknown }));
}
