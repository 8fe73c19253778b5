import { defineErrors } from './define.js';

/**
 * Failures of third-party sign-in (spec 01 §5, §8; docs/decisions/008). Most reach the web app
 * as the msg the callback page posts to its opener, not as an answer. Texts in
 * `accountIdentity`, which loads with the identity rows' flows.
 */
export const OAuthErrors = defineErrors('accountIdentity:errors.', {
  /** Binding is refused on a phone or tablet browser: bind from a computer (bindFromPC). */
  bindFromPc: { msg: 'bind from pc', status: 400, key: 'account:toast.bindFromPC' },
  /** The provider is not configured on this server. */
  notConfigured: { msg: 'provider not configured', status: 404 },
  /** The callback's state is unknown, used, expired or for another provider. */
  invalidState: { msg: 'invalid state', status: 400 },
  /** The provider refused the code, or its answer or ID token did not verify. */
  providerRejected: { msg: 'provider rejected', status: 400 },
  /** The third-party identity is bound to another account; nothing was changed. */
  identityInUse: { msg: 'identity in use', status: 409 },
  /** The account has another identity of this provider bound: unlink it first. */
  alreadyBound: { msg: 'already bound', status: 409 },
  /** Closing by identity: the provider signed in someone else than the identity bound here. */
  notBound: { msg: 'not bound', status: 400 },
  /** Signing in with an identity no account has bound. */
  identityNotBound: { msg: 'identity not bound', status: 404 },
  /** The user declined at the provider, or the provider reported an error. */
  cancelled: { msg: 'cancelled', status: 400 },
});
