import { Group, Stack, Text, Title } from '@mantine/core';
import { couponCommunities, templateCommunityPaths } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../components/ExternalButton';
import { LoadFailed } from '../../components/LoadFailed';
import { ScreenLayout } from '../../components/ScreenLayout';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { siteBase } from '../../lib/site-links';
import { heldCouponsOptions, useHeldCoupons } from './api/get-coupons';
import { SettledTogether } from '../../components/SettledTogether';
import { CouponCard } from './components/CouponCard';
import { CouponForm } from './components/CouponForm';
import { Loading } from '../../components/Loading';

/**
 * /coupon (spec 01 §2 "Coupons screen"): the code input, the coupon held, buttons to the two
 * template communities and the note to use the coupon in the desktop client.
 */
export function CouponScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const held = useHeldCoupons(session?.userId ?? null);
  if (!session) return null;
  return (
    <ScreenLayout title={t('shell:screens.coupon')}>
      <Text c="dimmed" size="sm" mt={-8}>
        {t('coupon:intro')}
      </Text>
      <CouponForm userId={session.userId} />
      {/* The coupon held, once known, before what follows it: a card arriving would push the
          communities' buttons down under a tap. */}
      <SettledTogether queries={[heldCouponsOptions(session.userId)]}>
        <Stack gap="sm" component="section" aria-labelledby="coupon-held">
          <Title order={2} size="h4" id="coupon-held">
            {t('coupon:held.title')}
          </Title>
          {held.isPending ? (
            <Loading label={t('coupon:held.title')} />
          ) : held.isError ? (
            <LoadFailed message={t('coupon:held.loadFailed')} onRetry={() => void held.refetch()} />
          ) : held.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('coupon:held.none')}
            </Text>
          ) : (
            held.data.map((coupon) => <CouponCard key={coupon.id} coupon={coupon} />)
          )}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="coupon-communities">
          <Title order={2} size="h4" id="coupon-communities">
            {t('coupon:communities.title')}
          </Title>
          <Group gap="sm">
            {couponCommunities.map((community) => (
              <ExternalButton
                key={community}
                variant="default"
                href={`${siteBase(language)}${templateCommunityPaths[community]}`}
              >
                {t(`coupon:communities.${community}`)}
              </ExternalButton>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('coupon:desktopNote')}
          </Text>
        </Stack>
      </SettledTogether>
    </ScreenLayout>
  );
}
