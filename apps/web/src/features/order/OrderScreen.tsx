import { OrderErrors } from '@account-centre/contract';
import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { useBuildContext } from '../../lib/build-context';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { companiesQueryOptions } from './api/get-companies';
import { licencesQueryOptions } from './api/get-licences';
import { recommendationsQueryOptions } from './api/get-recommendations';
import { storageQueryOptions } from './api/get-storage';
import { CloudStorage } from './components/CloudStorage';
import { CompanyNotice } from './components/CompanyNotice';
import { LicenceSection } from './components/LicenceSection';
import { OrderHistory } from './components/OrderHistory';
import { Recommendations } from './components/Recommendations';
import { type OrderAccess, orderAccess } from './order-access';
import { errorText } from '../../lib/api';

function SectionStatus({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  return error ? (
    <Text c="red" role="alert">
      {errorText(t, error, { domains: [OrderErrors], fallback: 'order:errors.loadFailed' })}
    </Text>
  ) : (
    <Loader size="sm" />
  );
}

/** Whether this user's purchases are loaded here, from the companies they belong to. */
function useOrderAccess(userId: number): OrderAccess {
  const companies = useQuery(companiesQueryOptions(userId));
  return orderAccess(companies.data, companies.isError);
}

function OrderSections({ userId }: { userId: number }) {
  const [language] = useLanguage();
  const { pid } = useBuildContext();
  const access = useOrderAccess(userId);
  // Licences and storage are what the user may use, whoever bought them: always shown.
  const licences = useQuery(licencesQueryOptions(userId));
  const storage = useQuery(storageQueryOptions(userId));
  const recommendations = useQuery({
    ...recommendationsQueryOptions(userId, language, pid),
    enabled: access.kind === 'all',
  });
  return (
    <>
      {licences.data ? (
        <LicenceSection userId={userId} rows={licences.data} />
      ) : (
        <SectionStatus error={licences.error} />
      )}
      {access.kind === 'all' ? (
        <OrderHistory userId={userId} />
      ) : access.kind === 'member' ? (
        <CompanyNotice company={access.company} />
      ) : (
        <Loader size="sm" />
      )}
      {storage.data && <CloudStorage storage={storage.data} />}
      {access.kind === 'all' && recommendations.data && <Recommendations products={recommendations.data} />}
    </>
  );
}

/** /order (spec 01 §2 "Order screen"): licences, order history, cloud storage, recommendations. */
export function OrderScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <ScreenLayout title={t('shell:screens.order')}>
      {session ? <OrderSections userId={session.userId} /> : <Text c="dimmed">{t('order:licences.empty')}</Text>}
    </ScreenLayout>
  );
}
