import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /license (spec 01 §2). */
export function LicenseScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.license')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
