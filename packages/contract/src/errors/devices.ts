import { AccountErrorCode } from '../rules/account-errors.js';
import { defineErrors } from './define.js';

/** Failures of the device and session calls. Texts in `devices`, which loads with its screen. */
export const DeviceErrors = defineErrors('devices:errors.', {
  /** Activation refused: every slot of the product is taken; `data` lists the active devices. */
  limitReached: { msg: 'device limit', status: 409 },
  /** Password sign-in refused until the password is reset ("this wasn't me"): code 1001, lock. */
  passwordResetRequired: {
    msg: 'password reset required',
    status: 403,
    code: AccountErrorCode.lock,
    key: 'devices:errors.passwordResetRequired',
  },
});
