import { AuthErrors, incomeProducts, withdrawalStates } from '@account-centre/contract';
import fs from 'node:fs/promises';
import { type LocalisedValue, UsageError, type UserRef } from '../../lib/cli/index.js';
import { operatorCommand, type OperatorContext } from '../operator-command.js';
import { normaliseLocalised } from '../../lib/localised-text.js';
import { lockNamedUser } from '../user/index.js';
import { recordCashback, recordSale, refundIncome } from './income.service.js';
import {
  listWithdrawals,
  payableCsv,
  repayFailedWithdrawal,
  revealIdentityCard,
  settleWithdrawal,
} from './payouts.service.js';

/** Operator commands apply once by their source ids; they have no request key to mark. */
const noKey = async () => undefined;

async function authorOf(context: OperatorContext, ref: UserRef) {
  const deps = await context.deps();
  const userId = await deps.db.transaction().execute((trx) => lockNamedUser(trx, ref, AuthErrors.accountNotFound));
  return { deps, userId, now: deps.clock.now() };
}

const userOption = {
  kind: 'user',
  byEmail: true,
  name: 'user',
  description: 'the author: user id or e-mail',
  required: true,
} as const;
const fen = { kind: 'money', min: 1, max: 100_000_000, expects: '1 to 100000000 fen' } as const;
const noteOption = { kind: 'text', name: 'description', description: 'a note shown beside the entry' } as const;
const idOption = { kind: 'id', name: 'id', description: 'the withdrawal id', required: true } as const;
const productOption = {
  kind: 'choice',
  name: 'product',
  description: 'mm (mind-map) or em (diagram)',
  required: true,
  values: incomeProducts,
} as const;

export const incomeSaleCommand = operatorCommand({
  name: 'income:sale',
  description:
    "Record a sale of an author's template: 70% to the author, the platform's 30% beside it (once per sale id).",
  options: [
    userOption,
    productOption,
    { kind: 'text', name: 'sale-id', description: "the template community's id of the sale", required: true },
    { kind: 'localised', name: 'title', description: 'the template sold', required: true },
    { ...fen, name: 'gross', description: 'what the buyer paid, in fen', required: true },
    noteOption,
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags.user);
    return recordSale(
      deps.db,
      {
        userId,
        product: flags.product,
        sourceId: flags['sale-id'],
        ...titleOf(flags.title),
        description: flags.description,
        gross: flags.gross,
      },
      now,
      noKey,
    );
  },
});

/** The entry's title, and the same title in the languages given (docs/decisions/058). */
function titleOf(given: LocalisedValue) {
  const title = normaliseLocalised(given, (text) => {
    if (text.trim().length === 0) throw new UsageError('--title must not be empty');
    return text.trim();
  });
  return { title: title.text, titleTranslations: title.translations };
}

export const incomeCashbackCommand = operatorCommand({
  name: 'income:cashback',
  description: "Credit an inviter with cashback on a friend's order, locked 7 days after the order (once per order).",
  options: [
    userOption,
    productOption,
    { kind: 'text', name: 'order', description: "the friend's order number", required: true },
    { kind: 'localised', name: 'title', description: 'what the entry says', required: true },
    { ...fen, name: 'amount', description: 'fen', required: true },
    {
      kind: 'time',
      forever: 'stored',
      name: 'ordered-at',
      description: 'when the order was paid (unix seconds or a date; default now)',
    },
    noteOption,
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags.user);
    return recordCashback(
      deps.db,
      {
        userId,
        product: flags.product,
        sourceId: flags.order,
        ...titleOf(flags.title),
        description: flags.description,
        amount: flags.amount,
        orderedAt: flags['ordered-at'] ?? now,
      },
      now,
      noKey,
    );
  },
});

export const incomeRefundCommand = operatorCommand({
  name: 'income:refund',
  description:
    "Take back a refunded sale's share and fee, or cancel a cashback whose order was refunded within its lock.",
  options: [
    userOption,
    { kind: 'choice', name: 'of', description: 'sale or cashback', required: true, values: ['sale', 'cashback'] },
    { kind: 'text', name: 'source', description: 'the sale id, or the order number of the cashback', required: true },
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags.user);
    return refundIncome(deps.db, { userId, of: flags.of, sourceId: flags.source }, now, noKey);
  },
});

export const withdrawalListCommand = operatorCommand({
  name: 'withdrawal:list',
  description: 'List withdrawals, oldest first: of one state, asked for in one month (China time).',
  options: [
    { kind: 'choice', name: 'state', description: 'submitted, paid or failed', values: withdrawalStates },
    { kind: 'text', name: 'month', description: 'YYYY-MM' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return listWithdrawals(deps.db, { state: flags.state, month: flags.month });
  },
});

export const withdrawalPaidCommand = operatorCommand({
  name: 'withdrawal:paid',
  description: 'Mark a waiting withdrawal paid, with the transfer reference; the author is told.',
  options: [
    idOption,
    {
      kind: 'text',
      name: 'reference',
      description: "the payment provider's reference of the transfer",
      required: true,
    },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return settleWithdrawal(deps.db, flags.id, { paid: { reference: flags.reference } }, deps.clock.now());
  },
});

export const withdrawalFailedCommand = operatorCommand({
  name: 'withdrawal:failed',
  description:
    "Mark a waiting withdrawal failed, with the reason: the amount returns to the income; the author is told (the answer says when the author's account is closed).",
  options: [
    idOption,
    { kind: 'text', name: 'reason', description: 'why it could not be paid (the author reads it)', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return settleWithdrawal(deps.db, flags.id, { failed: { reason: flags.reason } }, deps.clock.now());
  },
});

export const withdrawalRepaidCommand = operatorCommand({
  name: 'withdrawal:repaid',
  description:
    'Record a failed withdrawal of a closed account as paid by hand after all: a new paid withdrawal naming it, once, taken from the income the failure gave back; the reason goes to the audit trail.',
  options: [
    { ...idOption, description: 'the failed withdrawal id' },
    {
      kind: 'text',
      name: 'reference',
      description: "the payment provider's reference of the transfer",
      required: true,
    },
    {
      kind: 'text',
      name: 'reason',
      description: 'why it is paid by hand (who asked, when, how), for the audit trail',
      required: true,
    },
    { kind: 'text', name: 'zfb', description: "the Alipay account paid, if not the failed withdrawal's" },
    { kind: 'text', name: 'name', description: "the payee's real name, if not the failed withdrawal's" },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return repayFailedWithdrawal(
      deps.db,
      flags.id,
      {
        reference: flags.reference,
        reason: flags.reason,
        ...(flags.zfb === undefined ? {} : { zfb: flags.zfb }),
        ...(flags.name === undefined ? {} : { name: flags.name }),
      },
      deps.clock.now(),
    );
  },
});

export const withdrawalExportCommand = operatorCommand({
  name: 'withdrawal:export',
  description:
    "Write a month's waiting withdrawals as a CSV batch transfer file for the payment provider, with what each author owes now (refunds since).",
  options: [
    { kind: 'text', name: 'month', description: 'YYYY-MM: the month they were asked for in', required: true },
    { kind: 'text', name: 'out', description: 'the file to write', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const file = await payableCsv(deps.db, flags.month, deps.clock.now());
    // Never over an existing file: a batch already sent must not be replaced unseen.
    await fs.writeFile(flags.out, file.csv, { flag: 'wx', mode: 0o600 });
    return { file: flags.out, rows: file.rows, total_fen: file.total, authors_owing: file.owing };
  },
});

export const withdrawalIdentityCommand = operatorCommand({
  name: 'withdrawal:identity',
  description: "Show a withdrawal payee's whole identity number (for tax filing); the reading is audited.",
  options: [
    idOption,
    { kind: 'text', name: 'reason', description: 'why it is read, for the audit trail', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return revealIdentityCard(deps.db, deps.config.secretKey, flags.id, flags.reason, deps.clock.now());
  },
});
