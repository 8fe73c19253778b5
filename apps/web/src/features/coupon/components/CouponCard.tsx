import { Badge, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { couponTypes, isAmountCoupon } from '@account-centre/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../components/ExternalButton';
import { formatCurrency, formatDate, useLanguage } from '../../../lib/i18n';
import { siteBase } from '../../../lib/site-links';
import type { Coupon } from '../api/get-coupons';
import { BuyButton } from '../../../components/BuyButton';

/** One line of the coupon's facts: a term and what it says. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={500}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </>
  );
}

/**
 * The held coupon (spec 01 §2 "Coupons screen", §3): its value and description, range of use
 * with a link to each community, limits, expiry and rules. A type-15 coupon is for the mobile app
 * only: its links open the phone-only tip instead (spec 01 §8). A coupon for plans is used at this
 * site's purchase screen: its range names the products whose plans it takes money off, and its
 * one link leads there (docs/decisions/037).
 */
export function CouponCard({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [phoneTip, setPhoneTip] = useState(false);
  const mobileOnly = coupon.type === couponTypes.mobileAmountOff;
  const forPlans = coupon.product_type === 'plan';
  const titleId = `coupon-${coupon.id}`;
  return (
    <Card withBorder radius="md" padding="lg" maw={720} component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} size="h3" id={titleId} c="blue.8">
              {isAmountCoupon(coupon.type)
                ? t('coupon:value.amount', { amount: formatCurrency(coupon.value, language, coupon.currency) })
                : t('coupon:value.percent', { percent: coupon.value })}
            </Title>
            <Text size="sm">{coupon.info[0]}</Text>
          </Stack>
          {mobileOnly && (
            <Badge variant="light" color="grape">
              {t('coupon:mobileOnly.title')}
            </Badge>
          )}
        </Group>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
          <Fact label={t('coupon:range.label')}>
            {coupon.range.map((name) => t(forPlans ? `coupon:plans.${name}` : `coupon:range.${name}`)).join(' · ')}
          </Fact>
          <Fact label={t('coupon:limits.label')}>
            {coupon.min_spend > 0
              ? t('coupon:limits.minSpend', { amount: formatCurrency(coupon.min_spend, language, coupon.currency) })
              : t('coupon:limits.none')}
          </Fact>
          <Fact label={t('coupon:expiry.label')}>
            {coupon.exp === null
              ? t('coupon:expiry.never')
              : t('coupon:expiry.until', { date: formatDate(coupon.exp) })}
          </Fact>
          <Fact label={t('coupon:rules.label')}>
            <List size="sm" spacing={2} withPadding>
              {coupon.rules.map((rule) => (
                <List.Item key={rule}>{t(`coupon:rules.${rule}`)}</List.Item>
              ))}
            </List>
          </Fact>
        </dl>
        <Text size="xs" c="dimmed">
          {coupon.code
            ? t('coupon:boundWith', { date: formatDate(coupon.updated_at), code: coupon.code })
            : t('coupon:addedOn', { date: formatDate(coupon.updated_at) })}
        </Text>
        <Group gap="sm">
          {forPlans && !mobileOnly && (
            <BuyButton
              size="xs"
              variant="light"
              choice={{ kind: 'personal', product: coupon.range.length === 1 ? coupon.range[0] : undefined }}
            >
              {t('coupon:plans.buy')}
            </BuyButton>
          )}
          {coupon.url.map((link) => {
            const label = t('coupon:use', { community: t(`coupon:range.${link.name}`) });
            return mobileOnly ? (
              <Button key={link.name} size="xs" variant="light" onClick={() => setPhoneTip(true)}>
                {label}
              </Button>
            ) : (
              <ExternalButton key={link.name} size="xs" variant="light" href={`${siteBase(language)}${link.url}`}>
                {label}
              </ExternalButton>
            );
          })}
        </Group>
      </Stack>
      <Modal opened={phoneTip} onClose={() => setPhoneTip(false)} title={t('coupon:mobileOnly.title')} centered>
        <Stack>
          <Text size="sm">{t('coupon:mobileOnly.body')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setPhoneTip(false)}>{t('coupon:mobileOnly.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
