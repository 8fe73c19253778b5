import { defineModule } from '../manifest.js';
import {
  incomeCashbackCommand,
  incomeRefundCommand,
  incomeSaleCommand,
  withdrawalExportCommand,
  withdrawalFailedCommand,
  withdrawalIdentityCommand,
  withdrawalListCommand,
  withdrawalPaidCommand,
  withdrawalRepaidCommand,
} from './income.commands.js';
import { incomeRoutes } from './income.routes.js';
import { incomeForfeits } from './income.service.js';

/**
 * Template authors' income and its withdrawal (spec 01 §2 "Property (income) screen";
 * docs/decisions/034): an append-only ledger of sales, cashback and their reversals, and the
 * withdrawals operators pay out.
 */
export const incomeModule = defineModule({
  name: 'income',
  routes: [incomeRoutes],
  commands: [
    incomeSaleCommand,
    incomeCashbackCommand,
    incomeRefundCommand,
    withdrawalListCommand,
    withdrawalPaidCommand,
    withdrawalFailedCommand,
    withdrawalRepaidCommand,
    withdrawalExportCommand,
    withdrawalIdentityCommand,
  ],
  closingForfeits: incomeForfeits,
  tables: {
    income_entries: {
      keep: "accounting: an author's earnings are the books behind what was paid to them (docs/decisions/007, 034)",
    },
    withdrawals: {
      keep: 'tax and accounting: a payout names whom it paid (account, name, encrypted identity number) for the years the law asks (docs/decisions/034)',
    },
  },
});

export { cancelCashbackOf } from './income.service.js';
export { hasIncomeEntries } from './income.repository.js';
