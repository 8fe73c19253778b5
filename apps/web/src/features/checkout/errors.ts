import { CheckoutErrors, type ErrorDomain, IdempotencyErrors } from '@account-centre/contract';
import type { ErrorTextOptions } from '../../lib/api';

/**
 * A business plan is refused to someone in another company's space: the contract's
 * `CompanyErrors.otherCompany`, worded here. The catalogue gives it the team screen's text, for
 * adding a member, which does not load with this screen. Written out rather than imported, so the
 * team screen's failures stay out of this screen's download (errors.test.ts holds it to the
 * catalogue's entry).
 */
export const PurchaseCompanyErrors = {
  otherCompany: {
    msg: 'member already exist other company',
    status: 409,
    code: 0,
    key: 'checkout:errors.otherCompany',
  },
} as const satisfies ErrorDomain;

/**
 * A team's seats are refused to someone outside the team or a plain member of it: the contract's
 * `TeamErrors.noTeam` and `notAllowed`, worded here for the same reason (errors.test.ts holds
 * them to the catalogue's entries).
 */
export const PurchaseTeamErrors = {
  noTeam: { msg: 'no team', status: 404, code: 0, key: 'checkout:errors.noTeam' },
  notAllowed: { msg: 'team permission denied', status: 403, code: 0, key: 'checkout:errors.teamNotAllowed' },
} as const satisfies ErrorDomain;

/** The failures the purchase screen's calls can meet, read before those any screen can. */
export const checkoutErrors: ErrorTextOptions = {
  domains: [CheckoutErrors, PurchaseCompanyErrors, PurchaseTeamErrors, IdempotencyErrors],
};
