import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /aipoint (spec 01 §2). */
export function AiPointScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.aipoint')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
