import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /account (spec 01 §2). */
export function AccountScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.account')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
