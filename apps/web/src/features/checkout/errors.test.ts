import { canManageTeam, CheckoutErrors, CompanyErrors, TeamErrors, TeamRole } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorI18nKey, errorText } from '../../lib/api';
import { initI18n, i18n } from '../../lib/i18n';
import { mayBuyTeamSeats } from './company-choice';
import { PurchaseCompanyErrors, PurchaseTeamErrors, checkoutErrors } from './errors';

const refusal = (entry: { status: number; code: number; msg: string }) =>
  new ApiError(entry.status, entry.code, entry.msg, errorI18nKey(entry.code, entry.msg));

describe('the purchase screen’s failures', () => {
  it('are the catalogue’s, a company refusal in this screen’s own words', async () => {
    // The same failure on the wire (status, code, msg); only the text it is worded by differs.
    expect(PurchaseCompanyErrors.otherCompany).toEqual({
      ...CompanyErrors.otherCompany,
      key: 'checkout:errors.otherCompany',
    });

    await initI18n('en');
    const t = i18n.t.bind(i18n);
    expect(errorText(t, refusal(CompanyErrors.otherCompany), checkoutErrors)).toBe(
      "You belong to another company's space, so a business plan cannot be bought for you.",
    );
    expect(errorText(t, refusal(CheckoutErrors.providerUnavailable), checkoutErrors)).toBe(
      'The payment service cannot be reached right now. Nothing was charged; please try again shortly.',
    );
  });

  it('are the catalogue’s, a team refusal in this screen’s own words, for the people the rule refuses', async () => {
    expect(PurchaseTeamErrors.noTeam).toEqual({ ...TeamErrors.noTeam, key: 'checkout:errors.noTeam' });
    expect(PurchaseTeamErrors.notAllowed).toEqual({ ...TeamErrors.notAllowed, key: 'checkout:errors.teamNotAllowed' });
    for (const role of Object.values(TeamRole)) expect(mayBuyTeamSeats(role)).toBe(canManageTeam(role));

    await initI18n('en');
    const t = i18n.t.bind(i18n);
    expect(errorText(t, refusal(TeamErrors.notAllowed), checkoutErrors)).toBe(
      "Only the team's owner or an admin can buy seats for it.",
    );
  });
});
