import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /property (spec 01 §2). */
export function PropertyScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.property')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
