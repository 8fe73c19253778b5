import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /course (spec 01 §2). */
export function CourseScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.course')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
