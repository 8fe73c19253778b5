import { checkoutItemByKey, CommonErrors, type Currency } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { PaymentNotificationOutcome } from './payments.tables.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { liveGrantsFromSource, lockLicenceHolder, revoke } from '../grants/index.js';
import { cancelCashbackOf } from '../income/index.js';
import { takeBackBusinessPlan } from '../companies/index.js';
import { notify } from '../messages/index.js';
import { markOrderRefunded } from '../orders/index.js';
import { takeBackUnlimited } from '../points/index.js';
import { takeBackBoughtTeamPlan } from '../teams/index.js';
import { giveCouponBack, settleCouponUse } from './coupon-returns.js';
import { fulfilCheckout, type FulfilmentRefusal } from './fulfil.js';
import {
  annotateCheckout,
  type CheckoutRow,
  checkoutByTradeNo,
  insertNotification,
  moveCheckout,
  recordReview,
} from './payments.repository.js';
import { BANK_TRANSFER, type PaymentsDeps } from './providers.js';

/** A payment as a provider (or an operator, for a bank transfer) says it was received. */
export interface ReceivedPayment {
  provider: string;
  outTradeNo: string;
  amount: number;
  currency: Currency;
  /** When it was paid, unix seconds. */
  at: number;
  /** What the notification log says of where it came from. */
  detail: string;
}

/**
 * Settles a received payment exactly once per `out_trade_no`, however many notifications arrive
 * on however many instances (docs/decisions/037):
 * - the amount and currency must be the checkout's own (computed by the server when it opened):
 *   anything else changes nothing and is logged as `bad_amount`;
 * - in one transaction the buyer's row is locked (the order every grant takes), then the checkout
 *   moves to paid by a conditional update — only from created or closed, so of any number of
 *   concurrent notifications one wins and the rest find it paid (`duplicate`) — and what it bought
 *   is given, and it moves on to fulfilled;
 * - a closed account (or a business plan that can no longer be given) leaves it paid: the money is
 *   in, nothing is given, and an operator refunds it;
 * - a company term or seats priced for the company as it no longer is (docs/decisions/052), and a
 *   personal plan that would give nothing any more (a second lifetime plan paid in another tab,
 *   decision 056), are refused: nothing is given, the buyer and the operator told, and the
 *   payment refunded through its provider once the transaction has committed (a bank transfer
 *   by hand);
 * - a coupon the checkout gave back when it closed unpaid is taken back (settleCouponUse).
 * Every outcome is logged; listeners hear of a change once it has committed.
 */
export async function settlePaid(deps: PaymentsDeps, payment: ReceivedPayment): Promise<PaymentNotificationOutcome> {
  const now = deps.clock.now();
  const log = (outcome: PaymentNotificationOutcome, detail = payment.detail, db: Db = deps.db) =>
    insertNotification(
      db,
      { provider: payment.provider, outTradeNo: payment.outTradeNo, event: 'paid', outcome, detail },
      now,
    );

  const checkout = await checkoutByTradeNo(deps.db, payment.outTradeNo);
  if (!checkout || checkout.provider !== payment.provider) {
    deps.log.warn(
      { provider: payment.provider, out_trade_no: payment.outTradeNo },
      'payment for no checkout of this provider',
    );
    await log('unknown');
    return 'unknown';
  }
  if (checkout.amount !== payment.amount || checkout.currency !== payment.currency) {
    deps.log.warn(
      {
        out_trade_no: payment.outTradeNo,
        expected: checkout.amount,
        received: payment.amount,
        currency: payment.currency,
      },
      'payment amount differs from the checkout: nothing done',
    );
    await log('bad_amount', `${payment.detail}; received ${payment.amount} ${payment.currency}`);
    return 'bad_amount';
  }

  const { outcome, refusal } = await deps.db.transaction().execute(async (trx) => {
    const settled = await settleIn(trx, checkout.id, checkout.user_id, payment.at, now);
    // In the same transaction: the log says "fulfilled" exactly when the fulfilment committed.
    await log(settled.outcome, payment.detail, trx);
    return settled;
  });
  if (outcome !== 'duplicate') await deps.events.changed(payment.outTradeNo);
  if (refusal) await refundRefused(deps, checkout, refusal);
  return outcome;
}

/** The refund's reason, as the provider and the checkout's refund note keep it. */
function refusalReason(refusal: FulfilmentRefusal): string {
  return 'product' in refusal
    ? `refused: the ${refusal.product} ${refusal.plan} plan would give nothing (${refusal.refused})`
    : 'refused: the company changed after the price was set';
}

/**
 * The money of a refused payment goes back at once through its provider. A bank transfer is paid
 * back by hand (`pay:refund` once it is), as is one the provider would not refund now: the
 * operator's review record says so, and the checkout stays paid until then.
 */
async function refundRefused(deps: PaymentsDeps, checkout: CheckoutRow, refusal: FulfilmentRefusal): Promise<void> {
  if (checkout.provider === BANK_TRANSFER) {
    deps.log.warn({ out_trade_no: checkout.out_trade_no }, 'refused bank transfer: to be paid back by hand');
    return;
  }
  try {
    await refundCheckout(deps, checkout.out_trade_no, refusalReason(refusal));
  } catch (error) {
    deps.log.error({ err: error, out_trade_no: checkout.out_trade_no }, 'refused payment not refunded: refund by hand');
  }
}

/** The settling transaction's work: paid once, then fulfilled or refused (see settlePaid). */
async function settleIn(
  trx: Db,
  checkoutId: number,
  userId: number,
  paidAt: number,
  now: number,
): Promise<{ outcome: PaymentNotificationOutcome; refusal?: FulfilmentRefusal }> {
  const open = await lockLicenceHolder(trx, userId);
  const paid = await moveCheckout(
    trx,
    { id: checkoutId },
    ['created', 'closed'],
    { state: 'paid', paid_at: Math.min(paidAt, now) },
    now,
  );
  if (!paid) return { outcome: 'duplicate' };
  const fulfilment = open ? await fulfilCheckout(trx, paid, now) : 'not_given';
  if (fulfilment === 'not_given') return { outcome: 'no_account' };
  if (fulfilment !== 'given') {
    await refuseFulfilment(trx, paid, fulfilment, now);
    return { outcome: 'refused', refusal: fulfilment };
  }
  await moveCheckout(trx, { id: paid.id }, ['paid'], { state: 'fulfilled', fulfilled_at: now }, now);
  await settleCouponUse(trx, paid, now);
  return { outcome: 'fulfilled' };
}

/**
 * A refused payment gives nothing: the operator's review record says why (for a company, what was
 * priced and what was found), the buyer is told why and that the money goes back, and the coupon
 * it used is theirs again.
 */
async function refuseFulfilment(trx: Db, checkout: CheckoutRow, refusal: FulfilmentRefusal, now: number) {
  const byHand = checkout.provider === BANK_TRANSFER;
  await recordReview(
    trx,
    {
      outTradeNo: checkout.out_trade_no,
      kind: 'refused',
      amount: checkout.amount,
      currency: checkout.currency,
      detail: {
        ...refusal,
        ...('product' in refusal ? {} : { company: checkout.company_id }),
        refund: byHand ? 'by hand' : 'through the provider',
      },
    },
    now,
  );
  await notify(
    trx,
    checkout.user_id,
    'product' in refusal ? 'paymentNotNeeded' : 'paymentRefused',
    { order: checkout.out_trade_no, amount: { fen: checkout.amount, currency: checkout.currency } },
    now,
  );
  await giveCouponBack(trx, checkout, 'refused', now);
}

/**
 * A provider's notification as it arrived: verified by the provider's own rule (signature, and
 * the body parsed), then settled. Unverifiable ones change nothing and are logged. True when it
 * was handled, so the provider may stop sending it.
 */
export async function handleNotification(
  deps: PaymentsDeps,
  providerName: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const provider = deps.providers.byName(providerName);
  const notification = provider?.verify(headers, rawBody) ?? null;
  if (!provider || !notification) {
    deps.log.warn({ provider: providerName }, 'payment notification refused: not signed by the provider');
    await insertNotification(
      deps.db,
      {
        provider: providerName,
        outTradeNo: claimedTradeNo(rawBody),
        event: null,
        outcome: 'bad_signature',
        detail: null,
      },
      now,
    );
    return false;
  }
  if (notification.event === 'refunded') {
    // Refunds start here (an operator's), and are settled when the provider accepts them: the
    // notification confirms what is known, or is logged for an operator when it is not.
    const row = await checkoutByTradeNo(deps.db, notification.outTradeNo);
    await insertNotification(
      deps.db,
      {
        provider: provider.name,
        outTradeNo: notification.outTradeNo,
        event: 'refunded',
        outcome: row?.state === 'refunded' ? 'refunded' : 'ignored',
        detail: `notification ${notification.id}`,
      },
      now,
    );
    return true;
  }
  const outcome = await settlePaid(deps, {
    provider: provider.name,
    outTradeNo: notification.outTradeNo,
    amount: notification.amount,
    currency: notification.currency,
    at: notification.at,
    detail: `notification ${notification.id}`,
  });
  // A payment for an amount we never asked is not ours to keep quiet about: not acknowledged,
  // the provider keeps it in its own failed-notification list too.
  return outcome !== 'bad_amount' && outcome !== 'unknown';
}

/** The trade number an unverified body claims, for the log only. */
function claimedTradeNo(rawBody: string): string | null {
  const match = /"out_trade_no"\s*:\s*"([^"]{1,64})"/.exec(rawBody);
  return match?.[1] ?? null;
}

/** Operator: a bank transfer arrived for a checkout; the amount received must be its amount. */
export async function confirmBankTransfer(
  deps: PaymentsDeps,
  input: { outTradeNo: string; amount: number; reference: string },
): Promise<PaymentNotificationOutcome> {
  const row = await checkoutByTradeNo(deps.db, input.outTradeNo);
  if (!row) throw operatorInputError('no such checkout', CommonErrors.notFound);
  if (row.provider !== BANK_TRANSFER) throw operatorInputError('not a bank-transfer checkout');
  if (row.state !== 'created' && row.state !== 'closed')
    throw operatorInputError(`the checkout is ${row.state}`, CommonErrors.conflict);
  const outcome = await settlePaid(deps, {
    provider: BANK_TRANSFER,
    outTradeNo: input.outTradeNo,
    amount: input.amount,
    currency: row.currency,
    at: deps.clock.now(),
    detail: `bank transfer ${input.reference}`,
  });
  if (outcome === 'bad_amount') throw operatorInputError('the amount received is not the amount of the order');
  return outcome;
}

export interface RefundOutcome {
  out_trade_no: string;
  amount: number;
  currency: Currency;
  /** What was taken back, per grant: the kind and how much of it was still there. */
  taken_back: { kind: string; granted: number | null; taken: number | null }[];
  /** Balance kinds of which some had been used: what was used stays used. */
  spent_kept: { kind: string; spent: number }[];
  cashback: 'cancelled' | 'kept_unlocked' | 'none';
}

/**
 * Operator: refunds a paid checkout (docs/decisions/037). The provider pays the money back first;
 * once it has accepted, one transaction marks the checkout refunded (once: a conditional update)
 * and takes back every grant the order gave through the grants module — a licence period, what is
 * left of its points and credit (spent points stay spent, and the answer says how many), days of
 * unlimited use, a company's seats or term (takeBackBusinessPlan), a team's bought plan with its
 * seats and member places (takeBackBoughtTeamPlan) — and cancels an inviter's
 * cashback on the order while it is still locked.
 */
export async function refundCheckout(deps: PaymentsDeps, outTradeNo: string, reason: string): Promise<RefundOutcome> {
  const row = await checkoutByTradeNo(deps.db, outTradeNo);
  if (!row) throw operatorInputError('no such checkout', CommonErrors.notFound);
  if (row.state !== 'paid' && row.state !== 'fulfilled')
    throw operatorInputError(`only a paid checkout is refunded; this one is ${row.state}`, CommonErrors.conflict);

  if (row.provider !== BANK_TRANSFER) {
    const provider = deps.providers.byName(row.provider);
    if (!provider) throw operatorInputError(`provider ${row.provider} is not configured here`, CommonErrors.conflict);
    await provider.refund(outTradeNo, row.amount, reason);
  }

  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockLicenceHolder(trx, row.user_id);
    const refunded = await moveCheckout(
      trx,
      { id: row.id },
      ['paid', 'fulfilled'],
      { state: 'refunded', refunded_at: now },
      now,
    );
    if (!refunded) throw appError(CommonErrors.conflict);
    // The history marks the order, and no receipt is asked for money that went back.
    await markOrderRefunded(trx, refunded.out_trade_no, now);
    const result = await takeBack(trx, refunded, reason, now);
    await annotateCheckout(trx, row.id, { refund_note: JSON.stringify({ reason, ...result }).slice(0, 500) });
    return result;
  });
  await deps.events.changed(outTradeNo);
  return { out_trade_no: outTradeNo, amount: row.amount, currency: row.currency, ...outcome };
}

async function takeBack(trx: Db, checkout: CheckoutRow, reason: string, now: number) {
  const live = (await liveGrantsFromSource(trx, { kind: 'order', id: checkout.out_trade_no })).filter(
    // A coupon the checkout gave back is the one it was charged with: the refund leaves it.
    (grant) => grant.kind !== 'coupon',
  );
  const taken_back: RefundOutcome['taken_back'] = [];
  const spent_kept: RefundOutcome['spent_kept'] = [];
  if (checkout.team_id !== null) {
    const ids = live.map((grant) => grant.id);
    const plan = await takeBackBoughtTeamPlan(trx, { teamId: checkout.team_id, orderGrantIds: ids }, now);
    if (plan) taken_back.push(plan);
  }
  for (const grant of live) {
    const revoked = await revoke(
      trx,
      grant.id,
      `refund of order ${checkout.out_trade_no}: ${reason}`.slice(0, 200),
      now,
    );
    taken_back.push({ kind: grant.kind, granted: grant.amount, taken: grant.remaining });
    if (grant.remaining !== null && grant.amount !== null && grant.remaining < grant.amount)
      spent_kept.push({ kind: revoked.kind, spent: grant.amount - grant.remaining });
  }
  if (checkout.kind === 'ai_unlimited' && checkout.fulfilled_at !== null) {
    const item = checkoutItemByKey(checkout.item);
    if (item?.kind === 'ai_unlimited') {
      const days = item.days * checkout.quantity;
      await takeBackUnlimited(trx, checkout.user_id, days, now);
      taken_back.push({ kind: 'ai_unlimited_days', granted: days, taken: days });
    }
  }
  if (checkout.kind === 'business' && checkout.fulfilled_at !== null && checkout.company_id !== null) {
    const item = checkoutItemByKey(checkout.item);
    taken_back.push(
      await takeBackBusinessPlan(
        trx,
        {
          companyId: checkout.company_id,
          change: checkout.company_change,
          seats: checkout.quantity,
          length: item?.kind === 'business' ? item.length : null,
        },
        now,
      ),
    );
  }
  const cashback = await cancelCashbackOf(trx, checkout.out_trade_no, now);
  return { taken_back, spent_kept, cashback };
}
