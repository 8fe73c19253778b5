import { AccountErrorCode as Code } from '../rules/account-errors.js';
import { defineErrors } from './define.js';

/**
 * Failures of the sign-in service (docs/architecture.md#sign-in), with the spec's numeric account codes
 * (spec 02 §8). Most are worded by their code's text; those whose msg says more than the code
 * name their own. The texts are in the `errors` namespace, loaded at start.
 */
export const AuthErrors = defineErrors('errors:server.', {
  /** No e-mail or mobile, or one that is malformed. */
  invalidAccount: { msg: 'invalid request', status: 400, code: Code.account },
  accountNotFound: { msg: 'not exists', status: 400, code: Code.account },
  invalidCredentials: { msg: 'account or password incorrect', status: 400, code: Code.password },
  /** The password code (2) covers a refused new password too; the msg says which it is. */
  weakPassword: { msg: 'weak password', status: 400, code: Code.password, key: 'errors:server.weakPassword' },
  samePassword: { msg: 'same password', status: 400, code: Code.samePassword },
  invalidCode: { msg: 'invalid code', status: 400, code: Code.code },
  /** Spec 01 §8 "expired": no live code, or its tries are spent. */
  codeExpired: { msg: 'expired', status: 400, code: Code.timeout },
  codeCountLimit: { msg: 'code count limit', status: 429, code: Code.codeCountLimit },
  /** Sign-in throttling (docs/decisions/015); `data.retry_after` when the wait is known. */
  loginLimit: { msg: 'login limit', status: 429, code: Code.loginLimit },
  phoneUsed: { msg: 'account exists', status: 409, code: Code.phoneUsed },
  emailUsed: { msg: 'account exists', status: 409, code: Code.emailUsed },
  invalidRefreshToken: { msg: 'invalid refresh token', status: 401 },
  /** A desktop client's one-time login ticket (the `custom` credential): unknown… */
  ticketInvalid: { msg: 'unauthorized', status: 401, code: Code.auth },
  /** …already spent… */
  ticketUsed: { msg: 'only once', status: 401, code: Code.auth, key: 'errors:server.ticketUsed' },
  /** …or past its short life. */
  ticketExpired: { msg: 'expired', status: 401, code: Code.timeout },
  /**
   * Spec 01 §8 "only once": a quick sign-in code sent again after it signed in. After the
   * ticket's entry, so a bare `only once` without a code reads as the used sign-in link.
   */
  codeUsed: { msg: 'only once', status: 400, code: Code.timeout, key: 'errors:server.codeUsed' },
});

/**
 * An access token sent in the address (`?token=`) to a route that takes it only in the
 * Authorization header (docs/decisions/051). Apart from the sign-in service's failures, and worded
 * in the sign-in namespace, not the first screen's: the web app never sends a token there, so
 * only another client meets it.
 */
export const AccessTokenErrors = defineErrors('auth:errors.', {
  tokenInAddress: { msg: 'token in address', status: 401 },
});
