import { type CheckoutState, checkoutStates, CommonErrors } from '@account-centre/contract';
import { Redis } from 'ioredis';
import { type CliCommand, type CliContext, UsageError } from '../../cli/cli.js';
import { intFlag } from '../../cli/order-flags.js';
import { operatorInputError } from '../../lib/errors.js';
import { closeUnpaid } from './checkout.service.js';
import { buildPaymentsDeps } from './payments.deps.js';
import type { PaymentsDeps } from './providers.js';
import { renewContinuousPlan } from './renewals.service.js';
import { listReviews } from './reviews.js';
import { confirmBankTransfer, refundCheckout } from './settle.service.js';

/**
 * The checkout as an operator command runs it: the same providers as the servers, and with
 * `REDIS_URL` the servers' change channel, so open pay screens hear of a confirmed transfer or a
 * refund at once (without Redis, within their stream's heartbeat).
 */
async function withPayments<T>(context: CliContext, work: (payments: PaymentsDeps) => Promise<T>): Promise<T> {
  const deps = await context.deps();
  const redis = context.config.redisUrl ? new Redis(context.config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  try {
    const payments = buildPaymentsDeps({
      db: deps.db,
      clock: deps.clock,
      config: context.config,
      redis,
      log: { warn: () => undefined, error: () => undefined },
      listeningPort: () => context.config.port,
    });
    return await work(payments);
  } finally {
    await redis?.quit().catch(() => redis.disconnect());
  }
}

const tradeOption = { name: 'order', description: 'the checkout’s out_trade_no', required: true };

function tradeNo(value: string | undefined): string {
  if (!value || !/^[0-9]{20}$/.test(value)) throw new UsageError('--order is a 20-digit out_trade_no');
  return value;
}

export const payListCommand: CliCommand = {
  name: 'pay:list',
  description: 'List checkouts, newest first: all, or those in one state (created, paid, fulfilled, closed, refunded).',
  options: [
    { name: 'state', description: 'only checkouts in this state', values: checkoutStates },
    { name: 'user', description: 'only this user id’s' },
    { name: 'limit', description: 'at most this many (default 50, up to 1000)' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const limit = intFlag('limit', flags.limit) ?? 50;
    if (limit < 1 || limit > 1000) throw new UsageError('--limit is 1 to 1000');
    const userId = intFlag('user', flags.user);
    let query = deps.db
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
      .limit(limit);
    if (flags.state) query = query.where('state', '=', flags.state as CheckoutState);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.execute();
  },
};

export const payConfirmCommand: CliCommand = {
  name: 'pay:confirm',
  description:
    'A bank transfer arrived: settle its checkout (the amount received must be the order’s) and give what it bought.',
  options: [
    tradeOption,
    { name: 'amount', description: 'the amount received, in minor units (fen, cents)', required: true },
    { name: 'reference', description: 'the bank’s reference of the transfer', required: true },
  ],
  run: (context, flags) =>
    withPayments(context, async (payments) => {
      const amount = intFlag('amount', flags.amount) as number;
      const reference = (flags.reference ?? '').trim();
      if (reference.length < 1 || reference.length > 100) throw new UsageError('--reference has 1 to 100 characters');
      const outcome = await confirmBankTransfer(payments, { outTradeNo: tradeNo(flags.order), amount, reference });
      return { out_trade_no: flags.order, outcome };
    }),
};

export const payRefundCommand: CliCommand = {
  name: 'pay:refund',
  description:
    'Refund a paid checkout through its provider, then take back everything it gave (spent points stay spent) and cancel a locked cashback on it.',
  options: [
    tradeOption,
    { name: 'reason', description: 'why (kept with the refund and the grants taken back)', required: true },
  ],
  run: (context, flags) =>
    withPayments(context, async (payments) => {
      const reason = (flags.reason ?? '').trim();
      if (reason.length < 1 || reason.length > 150) throw new UsageError('--reason has 1 to 150 characters');
      return refundCheckout(payments, tradeNo(flags.order), reason);
    }),
};

export const payCloseCommand: CliCommand = {
  name: 'pay:close',
  description: 'Close an unpaid checkout now, here and at its provider (one found paid there is settled instead).',
  options: [tradeOption],
  run: (context, flags) =>
    withPayments(context, async (payments) => {
      const row = await payments.db
        .selectFrom('checkouts')
        .selectAll()
        .where('out_trade_no', '=', tradeNo(flags.order))
        .executeTakeFirst();
      if (!row) throw operatorInputError('no such checkout', CommonErrors.notFound);
      const after = await closeUnpaid(payments, row);
      return { out_trade_no: after.out_trade_no, state: after.state };
    }),
};

export const payReplayCommand: CliCommand = {
  name: 'pay:replay',
  description:
    'The sandbox provider sends a checkout’s last notification again (a provider’s duplicate); it is settled once however often it comes.',
  options: [tradeOption],
  run: (context, flags) =>
    withPayments(context, async (payments) => {
      if (!payments.sandbox) throw operatorInputError('the sandbox provider is off (PAY_SANDBOX)');
      const sent = await payments.sandbox.resend(tradeNo(flags.order));
      if (!sent) throw operatorInputError('the provider sent no notification for this checkout', CommonErrors.notFound);
      const last = await payments.db
        .selectFrom('payment_notifications')
        .select(['outcome', 'received_at'])
        .where('out_trade_no', '=', flags.order as string)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return { out_trade_no: flags.order, last_outcome: last?.outcome ?? null };
    }),
};

export const payRenewCommand: CliCommand = {
  name: 'pay:renew',
  description:
    'Charge a continuous plan’s next period through its provider’s agreement (the scheduled charge): refused, and the agreement ended, once its renewal was cancelled.',
  options: [{ name: 'order', description: 'the out_trade_no of the plan’s first checkout', required: true }],
  run: (context, flags) => withPayments(context, (payments) => renewContinuousPlan(payments, tradeNo(flags.order))),
};

const reviewKinds = ['refused', 'coupon_spent'] as const;

export const payReviewsCommand: CliCommand = {
  name: 'pay:reviews',
  description:
    'Payments to look at, newest first: refused ones (a company’s term or seats paid for it as it no longer is: refunded, or to pay back by hand for a bank transfer — its state says which) and discounts of a coupon another checkout had used already.',
  options: [
    { name: 'kind', description: 'only refused or coupon_spent', values: reviewKinds },
    { name: 'limit', description: 'at most this many (default 50, up to 1000)' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const limit = intFlag('limit', flags.limit) ?? 50;
    if (limit < 1 || limit > 1000) throw new UsageError('--limit is 1 to 1000');
    return listReviews(deps.db, { kind: flags.kind as (typeof reviewKinds)[number] | undefined, limit });
  },
};

export const paymentCommands = [
  payListCommand,
  payConfirmCommand,
  payRefundCommand,
  payCloseCommand,
  payReplayCommand,
  payRenewCommand,
  payReviewsCommand,
];
