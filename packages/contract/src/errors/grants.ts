import { defineErrors } from './define.js';

/**
 * Failures of grants and balances (AI points, template credit, income; docs/decisions/022).
 * Texts in `errors`: a balance can run out on any screen that spends it.
 */
export const GrantErrors = defineErrors('errors:grants.', {
  /** The spec's message when a balance cannot cover a use. */
  overLimit: { msg: 'Exceeded usage limit.', status: 409 },
  grantNotFound: { msg: 'grant not exists', status: 404 },
  alreadyRevoked: { msg: 'grant already revoked', status: 409 },
});
