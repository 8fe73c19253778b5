import { defineErrors, type ErrorDomain } from './define.js';

/**
 * Failures of redeeming a code (spec 01 §8 "Bind code errors"): the four `msg`s the spec's clients
 * match on exactly, and the others, which every client shows as its generic "invalid code" text.
 * Too many failed tries answer the common `too frequent` (code 5). Texts in `bind`, which loads
 * with the bind and licence screens.
 */
export const CodeErrors = defineErrors('bind:errors.', {
  /** A campaign code used by as many accounts as its batch allows. */
  overLimit: { msg: 'Exceeded usage limit.', status: 409 },
  /** Past its batch's validity. */
  expired: { msg: 'expired', status: 410 },
  /** A single-use code already bound, or a campaign code this account has used already. */
  used: { msg: 'only once', status: 409 },
  /** No such code, or one an operator disabled: the same answer, so neither can be told apart. */
  notExists: { msg: 'not exists', status: 404 },
  /** A gift code sent to the licence call, or a licence code sent to the gift call. */
  wrongKind: { msg: 'wrong code kind', status: 400 },
  /** Its batch's validity has not begun. */
  notYetValid: { msg: 'not yet valid', status: 409 },
  /** A replacement code for a product of which the account holds no licence. */
  nothingToReplace: { msg: 'no licence to replace', status: 409 },
  /**
   * A gift code that gives a coupon while the account holds one (one coupon at a time, spec 01
   * §4): nothing is given, and the code stays unused until the coupon is used or replaced.
   */
  couponHeld: { msg: 'only one coupon', status: 409 },
  /** A gift code of team seats, redeemed by someone who owns no team of its product. */
  teamOwnerOnly: { msg: 'team owner only', status: 409 },
});

/**
 * The same failures as the bind screen words them for a gift code (spec 01 §8): the usage limit
 * (and a coupon already held or a team not owned, which the person can do something about) as itself, every other
 * one as an invalid gift code.
 */
export const GiftCodeErrors: ErrorDomain<keyof typeof CodeErrors> = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    Object.entries(CodeErrors).map(([name, entry]) => [
      name,
      name === 'overLimit' || name === 'couponHeld' || name === 'teamOwnerOnly'
        ? entry
        : Object.freeze({ ...entry, key: 'bind:warnGift' }),
    ]),
  ) as ErrorDomain<keyof typeof CodeErrors>,
);
