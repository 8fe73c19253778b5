import { defineErrors } from './define.js';

/**
 * Failures of grants and balances (AI points, template credit, income; docs/decisions/022).
 * Texts in `order` for now, beside the other purchase failures; the balances' own screens will
 * take them into their namespace when they are built.
 */
export const GrantErrors = defineErrors('order:errors.', {
  /** The spec's message when a balance cannot cover a use. */
  overLimit: { msg: 'Exceeded usage limit.', status: 409 },
  grantNotFound: { msg: 'grant not exists', status: 404 },
  alreadyRevoked: { msg: 'grant already revoked', status: 409 },
});
