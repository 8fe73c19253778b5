import type { Db } from '../../db/database.js';
import { liveCouponGrant } from '../coupons/index.js';
import { grant, grantById, grantFromSource, revoke } from '../grants/index.js';
import { type CheckoutRow, couponLinkOf, type CouponLink as Link, recordReview } from './payments.repository.js';

/**
 * A plan coupon discounts one payment (docs/decisions/052). A checkout that uses it revokes the
 * holding; one that closes unpaid gives it back as a new holding keyed by its order number; and
 * a payment that arrives after the checkout closed (decision 037 honours it) takes that back —
 * or, when the coupon was spent since by another checkout, leaves the discount on record for an
 * operator. A coupon's path is therefore a chain: holding → checkout → holding given back by it
 * → next checkout… Every step runs under the buyer's row lock (checkout, close and settlement
 * all take it first), so a late payment and a new checkout using the coupon never both win.
 */

/** Longer chains than this are not followed (each link is a checkout closed unpaid). */
const MAX_LINKS = 100;

/** The coupon holding a checkout gave back (closed unpaid, or refused), if it gave one. */
function couponGivenBackBy(trx: Db, outTradeNo: string) {
  return grantFromSource(trx, { kind: 'order', id: outTradeNo }, 'coupon');
}

/**
 * The earlier checkout that kept the discount of the coupon `checkout` used: walking back
 * through holdings given back, the first one since fulfilled (paid after it closed). None when
 * the coupon came to this checkout unused.
 */
async function earlierKeeper(trx: Db, checkout: Link): Promise<Link | null> {
  let holdingId = checkout.coupon_grant_id;
  for (let links = 0; holdingId !== null && links < MAX_LINKS; links++) {
    const holding = await grantById(trx, holdingId);
    // Bound from a code or given by an operator: the coupon's first holding.
    if (holding?.kind !== 'coupon' || holding.source_kind !== 'order') return null;
    const before = await couponLinkOf(trx, { outTradeNo: holding.source_id });
    if (!before) return null;
    if (before.fulfilled_at !== null) return before;
    holdingId = before.coupon_grant_id;
  }
  return null;
}

/**
 * A checkout paid after it closed: the coupon it gave back is taken back wherever it is now
 * unused — revoked where the account holds it, passed over where a later checkout closed
 * unpaid with it. Answers the later checkout that kept its discount, when there is one.
 */
async function takeBackGivenCoupon(trx: Db, checkout: CheckoutRow, now: number): Promise<Link | null> {
  let from = checkout.out_trade_no;
  for (let links = 0; links < MAX_LINKS; links++) {
    const given = await couponGivenBackBy(trx, from);
    if (!given) return null;
    if (given.revoked_at === null) {
      await revoke(trx, given.id, `coupon taken back: order ${checkout.out_trade_no} was paid after it closed`, now);
      return null;
    }
    const next = await couponLinkOf(trx, { couponGrantId: given.id });
    // Replaced by another coupon or revoked by an operator: not used a second time.
    if (!next) return null;
    if (next.fulfilled_at !== null) return next;
    // Still unpaid: it looks back when it is paid or closes. Closed or refused: follow it.
    from = next.out_trade_no;
  }
  return null;
}

/**
 * In the settling transaction of a fulfilled checkout that used a coupon: the coupon's one use
 * is this payment's — taken back where this checkout gave it back — and a discount given twice
 * is recorded for an operator, on the payment that found it.
 */
export async function settleCouponUse(trx: Db, checkout: CheckoutRow, now: number): Promise<void> {
  if (checkout.coupon_grant_id === null) return;
  const record = (other: Link, reason: string) =>
    recordReview(
      trx,
      {
        outTradeNo: checkout.out_trade_no,
        kind: 'coupon_spent',
        amount: checkout.discount,
        currency: checkout.currency,
        detail: { reason, coupon_grant: checkout.coupon_grant_id, other_order: other.out_trade_no },
      },
      now,
    );
  const keeper = await earlierKeeper(trx, checkout);
  if (keeper) await record(keeper, 'the coupon was given back to this checkout by one paid after it closed');
  if (checkout.closed_at === null) return;
  const spentBy = await takeBackGivenCoupon(trx, checkout, now);
  if (spentBy) await record(spentBy, 'paid after it closed; the coupon it gave back was used since');
}

/**
 * The coupon a checkout used, given back when it ends without giving anything (closed unpaid,
 * or refused): the same coupon to its old end, unless that has passed, the account holds
 * another coupon by now (one at a time: that one stays), or an earlier checkout paid after it
 * closed has kept the coupon's one use.
 */
export async function giveCouponBack(trx: Db, checkout: CheckoutRow, why: string, now: number): Promise<void> {
  if (checkout.coupon_grant_id === null) return;
  const used = await grantById(trx, checkout.coupon_grant_id);
  if (!used?.item || (used.expires_at !== null && used.expires_at <= now)) return;
  if (await liveCouponGrant(trx, checkout.user_id)) return;
  if (await earlierKeeper(trx, checkout)) return;
  await grant(
    trx,
    checkout.user_id,
    { kind: 'coupon', item: used.item, expiresAt: used.expires_at },
    { kind: 'order', id: checkout.out_trade_no, reason: `coupon back: order ${checkout.out_trade_no} ${why}` },
    now,
  );
}
