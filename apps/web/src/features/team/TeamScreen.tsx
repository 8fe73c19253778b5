import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /team (spec 01 §2). */
export function TeamScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.team')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
