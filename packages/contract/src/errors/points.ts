import { defineErrors } from './define.js';

/**
 * Failures of spending AI points and template credit (issue 13). Texts in `aipoint`, which loads
 * with the AI points screen; the products' servers match on the msg.
 */
export const PointErrors = defineErrors('aipoint:errors.', {
  /** The balance cannot cover the use (the grants module's msg for any balance). */
  overLimit: { msg: 'Exceeded usage limit.', status: 409 },
  /** A feature code that is not one of the product's (spec 01 §3 "AI feature codes"). */
  unknownFeature: { msg: 'unknown feature', status: 400 },
});
