import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /message (spec 01 §2). */
export function MessageScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.message')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
