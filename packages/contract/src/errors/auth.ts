import { AccountErrorCode as Code } from '../rules/account-errors.js';
import { defineErrors } from './define.js';

/**
 * Failures of the sign-in service (DESIGN.md §4), with the spec's numeric account codes
 * (spec 02 §8). Where a msg only restates its code, the code's own text is shown
 * (`errors:account.<name>`); the texts are in the `errors` namespace, loaded at start.
 */
export const AuthErrors = defineErrors('errors:server.', {
  /** No e-mail or mobile, or one that is malformed. */
  invalidAccount: { msg: 'invalid request', status: 400, code: Code.account, key: 'errors:account.account' },
  accountNotFound: { msg: 'not exists', status: 400, code: Code.account, key: 'errors:account.account' },
  invalidCredentials: {
    msg: 'account or password incorrect',
    status: 400,
    code: Code.password,
    key: 'errors:account.password',
  },
  /** The password code (2) covers a refused new password too; the msg says which it is. */
  weakPassword: { msg: 'weak password', status: 400, code: Code.password },
  samePassword: { msg: 'same password', status: 400, code: Code.samePassword, key: 'errors:account.samePassword' },
  invalidCode: { msg: 'invalid code', status: 400, code: Code.code, key: 'errors:account.code' },
  /** Spec 01 §8 "expired": no live code, or its tries are spent. */
  codeExpired: { msg: 'expired', status: 400, code: Code.timeout, key: 'errors:account.timeout' },
  /** Spec 01 §8 "only once": a quick sign-in code sent again after it signed in. */
  codeUsed: { msg: 'only once', status: 400, code: Code.timeout, key: 'errors:server.ticketUsed' },
  codeCountLimit: {
    msg: 'code count limit',
    status: 429,
    code: Code.codeCountLimit,
    key: 'errors:account.codeCountLimit',
  },
  /** Sign-in throttling (docs/decisions/015); `data.retry_after` when the wait is known. */
  loginLimit: { msg: 'login limit', status: 429, code: Code.loginLimit, key: 'errors:account.loginLimit' },
  phoneUsed: { msg: 'account exists', status: 409, code: Code.phoneUsed, key: 'errors:account.phoneUsed' },
  emailUsed: { msg: 'account exists', status: 409, code: Code.emailUsed, key: 'errors:account.emailUsed' },
  invalidRefreshToken: { msg: 'invalid refresh token', status: 401 },
  /** A desktop client's one-time login ticket (the `custom` credential): unknown… */
  ticketInvalid: { msg: 'unauthorized', status: 401, code: Code.auth, key: 'errors:account.auth' },
  /** …already spent… */
  ticketUsed: { msg: 'only once', status: 401, code: Code.auth },
  /** …or past its short life. */
  ticketExpired: { msg: 'expired', status: 401, code: Code.timeout, key: 'errors:account.timeout' },
});
