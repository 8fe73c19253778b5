import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /devices (spec 01 §2). */
export function DevicesScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.devices')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
