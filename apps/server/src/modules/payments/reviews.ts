import type { Currency } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { PaymentReviewKind } from '../../db/schema.js';

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
