import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /order (spec 01 §2). */
export function OrderScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.order')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
