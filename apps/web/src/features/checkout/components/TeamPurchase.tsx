import { type TeamProduct, teamPlanOfBusinessItem } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorText } from '../../../lib/api';
import { useCheckoutCatalogue } from '../api/get-catalogue';
import { useTeamOfProduct } from '../api/get-team';
import { mayBuyTeamSeats } from '../company-choice';
import { checkoutErrors, PurchaseTeamErrors } from '../errors';
import { PurchaseFlow } from './PurchaseFlow';
import { Refused } from './Refused';

/**
 * The purchase screen's team mode (spec 02 §8): the upgrade prompt of a full diagram or project
 * team leads here, to business pricing for that team. Its owner or an admin buys seats for a year,
 * three years or for life; the team gets a plan of those seats and as many more places
 * (docs/decisions/040).
 */
export function TeamPurchase({ userId, product }: { userId: number; product: TeamProduct | 'unknown' }) {
  const { t } = useTranslation();
  const team = useTeamOfProduct(userId, product === 'unknown' ? 'max' : product, product !== 'unknown');
  const catalogue = useCheckoutCatalogue(userId);
  const refuse = (entry: (typeof PurchaseTeamErrors)[keyof typeof PurchaseTeamErrors]) => (
    <Refused text={errorText(t, entry, checkoutErrors)} back={t('checkout:team.back')} />
  );

  if (product === 'unknown') return refuse(PurchaseTeamErrors.noTeam);
  if (team.isPending || catalogue.isPending) return <Loading />;
  if (team.isError || catalogue.isError) {
    const retry = () => void (team.isError ? team.refetch() : catalogue.refetch());
    return <LoadFailed message={t('checkout:team.loadFailed')} onRetry={retry} />;
  }
  if (!team.data) return refuse(PurchaseTeamErrors.noTeam);
  if (!mayBuyTeamSeats(team.data.role)) return refuse(PurchaseTeamErrors.notAllowed);
  // The terms a team plan has: a year, three years, a lifetime.
  const offers = catalogue.data.items.filter((offer) => teamPlanOfBusinessItem[offer.key] !== undefined);
  return <PurchaseFlow userId={userId} catalogue={{ ...catalogue.data, items: offers }} team={team.data} />;
}
