import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ScreenLayout } from '../../components/ScreenLayout';
import { useSession } from '../../lib/session';
import { useCheckoutCatalogue } from './api/get-catalogue';
import { PurchaseFlow } from './components/PurchaseFlow';

/**
 * /buy (docs/decisions/037): the purchase screen. Plan kinds and top-ups as tabs, the server's
 * prices, a payment method of the region, then the payment — a QR code, the card page or a bank
 * transfer — followed live until it is paid or closes.
 */
export function BuyScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return <ScreenLayout title={t('shell:screens.buy')}>{session && <Purchase userId={session.userId} />}</ScreenLayout>;
}

function Purchase({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const catalogue = useCheckoutCatalogue(userId);
  if (catalogue.isPending) return <Loading />;
  if (catalogue.isError)
    return <LoadFailed message={t('checkout:loadFailed')} onRetry={() => void catalogue.refetch()} />;
  return <PurchaseFlow userId={userId} catalogue={catalogue.data} />;
}
