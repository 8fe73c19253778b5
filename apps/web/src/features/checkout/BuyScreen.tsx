import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ScreenLayout } from '../../components/ScreenLayout';
import { readBuyChoice } from '../../lib/buy-link';
import { lazyWithTexts } from '../../lib/i18n';
import { useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useCheckoutCatalogue } from './api/get-catalogue';
import { companyChoice, teamChoice } from './company-choice';
import { PurchaseFlow } from './components/PurchaseFlow';
import { TeamPurchase } from './components/TeamPurchase';

/**
 * The company mode (`company=<id>&change=time|seats`): loaded when a link asks for it, with the
 * team screen's texts, where a company's refusals are worded (CompanyErrors).
 */
const CompanyPurchase = lazyWithTexts(
  () => import('./components/CompanyPurchase').then((m) => m.CompanyPurchase),
  'team',
);

/**
 * /buy (docs/decisions/037): the purchase screen. Plan kinds and top-ups as tabs, the server's
 * prices, a payment method of the region, then the payment — a QR code, the card page or a bank
 * transfer — followed live until it is paid or closes. A link from the enterprise page names a
 * company instead: its term or seats are bought the same way (spec 02 §4); the upgrade prompt of a
 * full team names the team's product: seats for that team (spec 02 §8).
 */
export function BuyScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return <ScreenLayout title={t('shell:screens.buy')}>{session && <Purchase userId={session.userId} />}</ScreenLayout>;
}

function Purchase({ userId }: { userId: number }) {
  const { search } = useLocation();
  const choice = readBuyChoice(search);
  const company = companyChoice(choice);
  const team = teamChoice(choice);
  if (team) {
    return (
      // Its texts are this screen's: the team screen's stay where they are.
      <TeamPurchase userId={userId} product={team} />
    );
  }
  if (company) {
    return (
      <Suspense fallback={<Loading />}>
        <CompanyPurchase userId={userId} companyId={company.companyId} change={company.change} />
      </Suspense>
    );
  }
  return <Catalogue userId={userId} />;
}

function Catalogue({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const catalogue = useCheckoutCatalogue(userId);
  if (catalogue.isPending) return <Loading />;
  if (catalogue.isError)
    return <LoadFailed message={t('checkout:loadFailed')} onRetry={() => void catalogue.refetch()} />;
  return <PurchaseFlow userId={userId} catalogue={catalogue.data} />;
}
