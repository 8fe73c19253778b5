import { AuthErrors, type IncomeProduct, incomeProducts, withdrawalStates } from '@account-centre/contract';
import fs from 'node:fs/promises';
import { type CliCommand, type CliContext, type CliFlags, UsageError } from '../../cli/cli.js';
import { localisedFlag } from '../../cli/localised-flags.js';
import { intFlag, timeFlag } from '../../cli/order-flags.js';
import { recordIdFlag, userRefFlag } from '../../cli/ref-flags.js';
import { normaliseLocalised } from '../../lib/localised-text.js';
import { lockNamedUser } from '../user/user.service.js';
import { recordCashback, recordSale, refundIncome } from './income.service.js';
import {
  isWithdrawalState,
  listWithdrawals,
  payableCsv,
  repayFailedWithdrawal,
  revealIdentityCard,
  settleWithdrawal,
} from './payouts.service.js';

/** Operator commands apply once by their source ids; they have no request key to mark. */
const noKey = async () => undefined;

async function authorOf(context: CliContext, flags: CliFlags) {
  const deps = await context.deps();
  const ref = userRefFlag('user', flags.user);
  const userId = await deps.db.transaction().execute((trx) => lockNamedUser(trx, ref, AuthErrors.accountNotFound));
  return { deps, userId, now: deps.clock.now() };
}

const userOption = { name: 'user', description: 'the author: user id or e-mail', required: true };
const productOption = {
  name: 'product',
  description: 'mm (mind-map) or em (diagram)',
  required: true,
  values: incomeProducts,
};

export const incomeSaleCommand: CliCommand = {
  name: 'income:sale',
  description:
    "Record a sale of an author's template: 70% to the author, the platform's 30% beside it (once per sale id).",
  options: [
    userOption,
    productOption,
    { name: 'sale-id', description: "the template community's id of the sale", required: true },
    { name: 'title', description: 'the template sold', required: true, localised: true },
    { name: 'gross', description: 'what the buyer paid, in fen', required: true },
    { name: 'description', description: 'a note shown beside the entry' },
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags);
    return recordSale(
      deps.db,
      {
        userId,
        product: flags.product as IncomeProduct,
        sourceId: flags['sale-id'] as string,
        ...titleOf(flags),
        description: flags.description,
        gross: positiveFen('gross', flags.gross),
      },
      now,
      noKey,
    );
  },
};

/** The entry's title, and the same title in the languages given (docs/decisions/058). */
function titleOf(flags: CliFlags) {
  const title = normaliseLocalised(localisedFlag(flags, 'title'), (text) => {
    if (text.trim().length === 0) throw new UsageError('--title must not be empty');
    return text.trim();
  });
  return { title: title.text, titleTranslations: title.translations };
}

export const incomeCashbackCommand: CliCommand = {
  name: 'income:cashback',
  description: "Credit an inviter with cashback on a friend's order, locked 7 days after the order (once per order).",
  options: [
    userOption,
    productOption,
    { name: 'order', description: "the friend's order number", required: true },
    { name: 'title', description: 'what the entry says', required: true, localised: true },
    { name: 'amount', description: 'fen', required: true },
    { name: 'ordered-at', description: 'when the order was paid (unix seconds or a date; default now)' },
    { name: 'description', description: 'a note shown beside the entry' },
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags);
    return recordCashback(
      deps.db,
      {
        userId,
        product: flags.product as IncomeProduct,
        sourceId: flags.order as string,
        ...titleOf(flags),
        description: flags.description,
        amount: positiveFen('amount', flags.amount),
        orderedAt: timeFlag('ordered-at', flags['ordered-at']) ?? now,
      },
      now,
      noKey,
    );
  },
};

export const incomeRefundCommand: CliCommand = {
  name: 'income:refund',
  description:
    "Take back a refunded sale's share and fee, or cancel a cashback whose order was refunded within its lock.",
  options: [
    userOption,
    { name: 'of', description: 'sale or cashback', required: true, values: ['sale', 'cashback'] },
    { name: 'source', description: 'the sale id, or the order number of the cashback', required: true },
  ],
  run: async (context, flags) => {
    const { deps, userId, now } = await authorOf(context, flags);
    return refundIncome(
      deps.db,
      { userId, of: flags.of as 'sale' | 'cashback', sourceId: flags.source as string },
      now,
      noKey,
    );
  },
};

export const withdrawalListCommand: CliCommand = {
  name: 'withdrawal:list',
  description: 'List withdrawals, oldest first: of one state, asked for in one month (China time).',
  options: [
    { name: 'state', description: 'submitted, paid or failed', values: withdrawalStates },
    { name: 'month', description: 'YYYY-MM' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const state = flags.state !== undefined && isWithdrawalState(flags.state) ? flags.state : undefined;
    return listWithdrawals(deps.db, { state, month: flags.month });
  },
};

export const withdrawalPaidCommand: CliCommand = {
  name: 'withdrawal:paid',
  description: 'Mark a waiting withdrawal paid, with the transfer reference; the author is told.',
  options: [
    { name: 'id', description: 'the withdrawal id', required: true },
    { name: 'reference', description: "the payment provider's reference of the transfer", required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return settleWithdrawal(
      deps.db,
      recordIdFlag('id', flags.id),
      { paid: { reference: flags.reference as string } },
      deps.clock.now(),
    );
  },
};

export const withdrawalFailedCommand: CliCommand = {
  name: 'withdrawal:failed',
  description:
    "Mark a waiting withdrawal failed, with the reason: the amount returns to the income; the author is told (the answer says when the author's account is closed).",
  options: [
    { name: 'id', description: 'the withdrawal id', required: true },
    { name: 'reason', description: 'why it could not be paid (the author reads it)', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return settleWithdrawal(
      deps.db,
      recordIdFlag('id', flags.id),
      { failed: { reason: flags.reason as string } },
      deps.clock.now(),
    );
  },
};

export const withdrawalRepaidCommand: CliCommand = {
  name: 'withdrawal:repaid',
  description:
    'Record a failed withdrawal of a closed account as paid by hand after all: a new paid withdrawal naming it, once, taken from the income the failure gave back; the reason goes to the audit trail.',
  options: [
    { name: 'id', description: 'the failed withdrawal id', required: true },
    { name: 'reference', description: "the payment provider's reference of the transfer", required: true },
    {
      name: 'reason',
      description: 'why it is paid by hand (who asked, when, how), for the audit trail',
      required: true,
    },
    { name: 'zfb', description: "the Alipay account paid, if not the failed withdrawal's" },
    { name: 'name', description: "the payee's real name, if not the failed withdrawal's" },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return repayFailedWithdrawal(
      deps.db,
      recordIdFlag('id', flags.id),
      {
        reference: flags.reference as string,
        reason: flags.reason as string,
        ...(flags.zfb === undefined ? {} : { zfb: flags.zfb }),
        ...(flags.name === undefined ? {} : { name: flags.name }),
      },
      deps.clock.now(),
    );
  },
};

export const withdrawalExportCommand: CliCommand = {
  name: 'withdrawal:export',
  description:
    "Write a month's waiting withdrawals as a CSV batch transfer file for the payment provider, with what each author owes now (refunds since).",
  options: [
    { name: 'month', description: 'YYYY-MM: the month they were asked for in', required: true },
    { name: 'out', description: 'the file to write', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const file = await payableCsv(deps.db, flags.month as string, deps.clock.now());
    // Never over an existing file: a batch already sent must not be replaced unseen.
    await fs.writeFile(flags.out as string, file.csv, { flag: 'wx', mode: 0o600 });
    return { file: flags.out, rows: file.rows, total_fen: file.total, authors_owing: file.owing };
  },
};

export const withdrawalIdentityCommand: CliCommand = {
  name: 'withdrawal:identity',
  description: "Show a withdrawal payee's whole identity number (for tax filing); the reading is audited.",
  options: [
    { name: 'id', description: 'the withdrawal id', required: true },
    { name: 'reason', description: 'why it is read, for the audit trail', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return revealIdentityCard(
      deps.db,
      deps.config.secretKey,
      recordIdFlag('id', flags.id),
      flags.reason as string,
      deps.clock.now(),
    );
  },
};

function positiveFen(name: string, value: string | undefined): number {
  const fen = intFlag(name, value);
  if (fen === undefined || fen < 1 || fen > 100_000_000) throw new UsageError(`--${name} must be 1 to 100000000 fen`);
  return fen;
}
