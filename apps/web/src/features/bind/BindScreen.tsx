import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /bind (spec 01 §2). */
export function BindScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.bind')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
