import type { Db } from '../../db/database.js';
import { VerificationLimits } from '@account-centre/contract';
import { deleteEndedBy, deleteExpiredTokens } from './auth.repository.js';
import { deleteSpentSendWindows } from './codes.repository.js';
import { deleteSpentThrottleRows } from './throttle.js';

/**
 * How long past the moment it stops mattering each kind of record is kept (docs/decisions/039).
 *
 * - `throttle`: a throttle row whose lock, window and quiet spell are over changes no answer;
 *   the margin only allows for instances' clocks differing a little.
 * - `codes`: only the newest code of an address and purpose can ever be used, so an ended code
 *   must not go while an older code of the same address and purpose could still be valid, which
 *   would make that one the newest again. Codes live 10 minutes; a day covers any lifetime up
 *   to a day, should a release change it. A used code is recognised as `only once` only while
 *   it would still be valid, and the send limits (`too frequent`, `code count limit`) are
 *   counted in `code_send_windows`, whose rows have a sweep of their own.
 * - `sendWindows`: a target's send window whose 24 hours and resend spacing are over answers as
 *   a missing one; the margin, as for throttle rows, allows for clocks.
 * - `tickets`: the exchange answers `only once` for a used ticket and `expired` for an unused
 *   one past its end for as long as its row is there, and `unauthorized` once it has gone. All
 *   are 401 with one remedy (open the account again from the app), so the distinct answers only
 *   help a link opened twice or a request sent again soon after; a day keeps them for that.
 */
export const keptPastEnd = {
  throttle: 300,
  sendWindows: 300,
  codes: 86_400,
  tickets: 86_400,
} as const;

/**
 * One round of the periodic sweep: deletes the sign-in records that can no longer change an
 * answer, a batch at a time, and answers how many of each went. Phone-binding links are not
 * swept: there is one per account, replaced by the next (docs/decisions/009), and the state the
 * computer reads (`bound`, `expired`) and the phone's answers (`link used`, `link expired`) hold
 * for as long as it is there.
 */
export async function sweepSignInRecords(db: Db, now: number) {
  return {
    tokens: await deleteExpiredTokens(db, now),
    throttle: await deleteSpentThrottleRows(db, now - keptPastEnd.throttle),
    codes: await deleteEndedBy(db, 'verification_codes', now - keptPastEnd.codes),
    sendWindows: await deleteSpentSendWindows(db, now - keptPastEnd.sendWindows, VerificationLimits.resendAfterSeconds),
    tickets: await deleteEndedBy(db, 'login_tickets', now - keptPastEnd.tickets),
  };
}
