import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';

/** /coupon (spec 01 §2). */
export function CouponScreen() {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={t('shell:screens.coupon')}>
      <UnbuiltSection />
    </ScreenLayout>
  );
}
