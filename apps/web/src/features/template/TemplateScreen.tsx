import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /template (spec 01 §2). */
export function TemplateScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.template')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
