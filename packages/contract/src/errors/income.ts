import type { WithdrawalTip } from '../rules/income.js';
import { defineErrors, type ErrorEntry } from './define.js';

/**
 * Failures of income and withdrawal (spec 01 §8 "Withdrawal"). The server repeats the form's
 * checks, in the spec's order, and answers each with the text the screen shows at its field
 * (tips1–tips9). Texts in `property`, which loads with the income screen.
 */
export const IncomeErrors = defineErrors('property:errors.', {
  paymentAccount: { msg: 'invalid payment account', status: 400 },
  identityCard: { msg: 'invalid identity card', status: 400 },
  name: { msg: 'name required', status: 400 },
  mobile: { msg: 'invalid mobile', status: 400 },
  overAvailable: { msg: 'amount exceeds available income', status: 400 },
  notMultiple: { msg: 'amount not a multiple of 10', status: 400 },
  belowMinimum: { msg: 'amount below minimum', status: 400 },
  /** An unfinished withdrawal blocks a new one (spec 01 §4); the screen shows getCashLoading. */
  ongoing: { msg: 'There is an ongoing withdrawal currently', status: 409 },
  /** A refund of a sale or an order the ledger has no income for. */
  unknownIncome: { msg: 'no such income', status: 404 },
  /** A sale refunded, or a cashback cancelled, already. */
  alreadyReversed: { msg: 'already refunded', status: 409 },
  /** A friend's refund after the 7-day lock: the cashback has become the inviter's to keep. */
  cashbackUnlocked: { msg: 'cashback unlocked', status: 409 },
});

/** The failure each of the form's checks answers with, on the server and on the screen. */
export const withdrawalTipErrors = {
  tips6: IncomeErrors.paymentAccount,
  tips7: IncomeErrors.identityCard,
  tips5: IncomeErrors.name,
  tips9: IncomeErrors.mobile,
  tips1: IncomeErrors.overAvailable,
  tips2: IncomeErrors.notMultiple,
  tips3: IncomeErrors.belowMinimum,
} as const satisfies Record<WithdrawalTip, ErrorEntry>;
