import { checkoutStates, CommonErrors } from '@account-centre/contract';
import { Redis } from 'ioredis';
import { operatorCommand, type OperatorContext } from '../operator-command.js';
import { operatorInputError } from '../../lib/errors.js';
import { closeUnpaid } from './checkout.service.js';
import { buildPaymentsDeps } from './payments.deps.js';
import type { PaymentsDeps } from './providers.js';
import { renewContinuousPlan } from './renewals.service.js';
import { checkoutByTradeNo, lastNotification, listCheckouts, listReviews } from './payments.repository.js';
import { confirmBankTransfer, refundCheckout } from './settle.service.js';

/**
 * The checkout as an operator command runs it: the same providers as the servers, and with
 * `REDIS_URL` the servers' change channel, so open pay screens hear of a confirmed transfer or a
 * refund at once (without Redis, within their stream's heartbeat).
 */
async function withPayments<T>(context: OperatorContext, work: (payments: PaymentsDeps) => Promise<T>): Promise<T> {
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

const tradeOption = {
  kind: 'text',
  name: 'order',
  description: 'the checkout’s out_trade_no',
  required: true,
  pattern: /^[0-9]{20}$/,
  expects: 'a 20-digit out_trade_no',
} as const;
const limitOption = {
  kind: 'integer',
  name: 'limit',
  description: 'at most this many (default 50, up to 1000)',
  min: 1,
  max: 1000,
  default: 50,
} as const;

export const payListCommand = operatorCommand({
  name: 'pay:list',
  description: 'List checkouts, newest first: all, or those in one state (created, paid, fulfilled, closed, refunded).',
  options: [
    { kind: 'choice', name: 'state', description: 'only checkouts in this state', values: checkoutStates },
    { kind: 'integer', name: 'user', description: 'only this user id’s' },
    limitOption,
  ],
  run: async (context, { state, user: userId, limit }) => {
    const deps = await context.deps();
    return listCheckouts(deps.db, { state, userId, limit });
  },
});

export const payConfirmCommand = operatorCommand({
  name: 'pay:confirm',
  description:
    'A bank transfer arrived: settle its checkout (the amount received must be the order’s) and give what it bought.',
  options: [
    tradeOption,
    { kind: 'money', name: 'amount', description: 'the amount received, in minor units (fen, cents)', required: true },
    {
      kind: 'text',
      name: 'reference',
      description: 'the bank’s reference of the transfer',
      required: true,
      nonEmpty: true,
      maxLength: 100,
      expects: '1 to 100 characters',
    },
  ],
  run: (context, { order, amount, reference }) =>
    withPayments(context, async (payments) => {
      const outcome = await confirmBankTransfer(payments, { outTradeNo: order, amount, reference });
      return { out_trade_no: order, outcome };
    }),
});

export const payRefundCommand = operatorCommand({
  name: 'pay:refund',
  description:
    'Refund a paid checkout through its provider, then take back everything it gave (spent points stay spent) and cancel a locked cashback on it.',
  options: [
    tradeOption,
    {
      kind: 'text',
      name: 'reason',
      description: 'why (kept with the refund and the grants taken back)',
      required: true,
      nonEmpty: true,
      maxLength: 150,
      expects: '1 to 150 characters',
    },
  ],
  run: (context, { order, reason }) =>
    withPayments(context, async (payments) => {
      return refundCheckout(payments, order, reason);
    }),
});

export const payCloseCommand = operatorCommand({
  name: 'pay:close',
  description: 'Close an unpaid checkout now, here and at its provider (one found paid there is settled instead).',
  options: [tradeOption],
  run: (context, { order }) =>
    withPayments(context, async (payments) => {
      const row = await checkoutByTradeNo(payments.db, order);
      if (!row) throw operatorInputError('no such checkout', CommonErrors.notFound);
      const after = await closeUnpaid(payments, row);
      return { out_trade_no: after.out_trade_no, state: after.state };
    }),
});

export const payReplayCommand = operatorCommand({
  name: 'pay:replay',
  description:
    'The sandbox provider sends a checkout’s last notification again (a provider’s duplicate); it is settled once however often it comes.',
  options: [tradeOption],
  run: (context, { order }) =>
    withPayments(context, async (payments) => {
      if (!payments.sandbox) throw operatorInputError('the sandbox provider is off (PAY_SANDBOX)');
      const sent = await payments.sandbox.resend(order);
      if (!sent) throw operatorInputError('the provider sent no notification for this checkout', CommonErrors.notFound);
      const last = await lastNotification(payments.db, order);
      return { out_trade_no: order, last_outcome: last?.outcome ?? null };
    }),
});

export const payRenewCommand = operatorCommand({
  name: 'pay:renew',
  description:
    'Charge a continuous plan’s next period through its provider’s agreement (the scheduled charge): refused, and the agreement ended, once its renewal was cancelled.',
  options: [{ ...tradeOption, description: 'the out_trade_no of the plan’s first checkout' }],
  run: (context, { order }) => withPayments(context, (payments) => renewContinuousPlan(payments, order)),
});

const reviewKinds = ['refused', 'coupon_spent'] as const;

export const payReviewsCommand = operatorCommand({
  name: 'pay:reviews',
  description:
    'Payments to look at, newest first: refused ones (a company’s term or seats paid for it as it no longer is: refunded, or to pay back by hand for a bank transfer — its state says which) and discounts of a coupon another checkout had used already.',
  options: [
    { kind: 'choice', name: 'kind', description: 'only refused or coupon_spent', values: reviewKinds },
    limitOption,
  ],
  run: async (context, { kind, limit }) => {
    const deps = await context.deps();
    return listReviews(deps.db, { kind, limit });
  },
});

export const paymentCommands = [
  payListCommand,
  payConfirmCommand,
  payRefundCommand,
  payCloseCommand,
  payReplayCommand,
  payRenewCommand,
  payReviewsCommand,
];
