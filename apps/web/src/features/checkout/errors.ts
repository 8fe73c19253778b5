import { CheckoutErrors, CompanyErrors, type ErrorDomain, IdempotencyErrors } from '@account-centre/contract';
import type { ErrorTextOptions } from '../../lib/api';

/**
 * A business plan is refused to someone in another company's space. The catalogue words that
 * failure in the team screen's texts, for adding a member, which do not load with this screen:
 * here it has its own words.
 */
const PurchaseCompanyErrors: ErrorDomain = {
  otherCompany: { ...CompanyErrors.otherCompany, key: 'checkout:errors.otherCompany' },
};

/** The failures the purchase screen's calls can meet, read before those any screen can. */
export const checkoutErrors: ErrorTextOptions = {
  domains: [CheckoutErrors, PurchaseCompanyErrors, IdempotencyErrors],
};
