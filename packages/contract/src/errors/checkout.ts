import { defineErrors } from './define.js';

/**
 * Failures of the checkout (docs/decisions/037). Texts in `checkout`, which loads with the
 * purchase screen.
 */
export const CheckoutErrors = defineErrors('checkout:errors.', {
  /** The item is not sold in the caller's region (template credit overseas). */
  notSoldHere: { msg: 'not sold here', status: 400 },
  /** The payment method is not offered in the caller's region (a card at home, a QR code abroad). */
  methodUnavailable: { msg: 'payment method unavailable', status: 400 },
  /** More than one of a plan, or seats past the limit of one purchase. */
  quantityInvalid: { msg: 'invalid quantity', status: 400 },
  /** A personal plan names the product it is for; nothing else does. */
  productInvalid: { msg: 'invalid product', status: 400 },
  /** The coupon asked for is not held (any more), is not for plans, or does not apply to this item and price. */
  couponNotApplicable: { msg: 'coupon not applicable', status: 409 },
  /** A team's seats are sold for a year, three years or for life (teamPlanOfBusinessItem); nothing else is sold to a team. */
  notForTeams: { msg: 'not sold for teams', status: 400 },
  /** A personal plan over a licence held for ever on every platform it covers: it would give nothing (decision 056). */
  alreadyOwned: { msg: 'already owned', status: 409 },
  /** The same continuous plan renews itself already: its next renewal gives what this would (decision 056). */
  alreadyRenews: { msg: 'already renews', status: 409 },
  /** The checkout does not exist or is not the caller's: never told apart. */
  checkoutNotFound: { msg: 'checkout not exists', status: 404 },
  /** The payment provider could not be reached to open the payment: nothing was charged. */
  providerUnavailable: { msg: 'payment unavailable', status: 503 },
});
