import { defineErrors } from './define.js';

/**
 * Failures of binding a phone: the second mobile, and the phone-binding link a phone opens
 * from the computer's QR code (docs/decisions/009). Texts in `accountPhone`, which loads with
 * those dialogs and with the link's page.
 */
export const PhoneBindErrors = defineErrors('accountPhone:errors.', {
  /** The number is already this account's own sign-in phone or second mobile. */
  ownNumber: { msg: 'own number', status: 400 },
  /** The account has a phone already (the same msg as binding an e-mail over another). */
  alreadyBound: { msg: 'already bound', status: 409 },
  /** A link that does not exist (never made, or replaced by a newer one). */
  linkInvalid: { msg: 'link invalid', status: 404 },
  /** A link past its 10 minutes. */
  linkExpired: { msg: 'link expired', status: 400 },
  /** A link that has bound a phone already. */
  linkUsed: { msg: 'link used', status: 409 },
});
