import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../components/ExternalButton';
import { useBuildContext } from '../../../lib/build-context';
import { useLanguage } from '../../../lib/i18n';
import { productLinks, siteProductOfLicence } from '../../../lib/product-links';
import type { Redemption } from '../api/redeem-code';
import { benefitText, reminderNamespaces } from '../benefit-text';

/**
 * After a code is bound (spec 01 §2 "Bind screen", §4): what it gave, each benefit named with
 * what changed, a link to open the product it gave or changed, and the reminder that the desktop
 * software must be restarted.
 */
export function BoundReminder({ redemption }: { redemption: Redemption }) {
  const { t } = useTranslation();
  const { ready } = useTranslation(reminderNamespaces);
  const [language] = useLanguage();
  const { pid, region } = useBuildContext();
  const { product, benefits } = redemption;
  const name = product ? t(`bind:products.${product}`) : null;
  const context = { language, region, replacement: redemption.kind === 'replacement' };
  return (
    <Alert color="green" title={t('bind:reminder.title')} role="status">
      <Stack gap="xs">
        <Text size="sm">{name ? t('bind:reminder.product', { product: name }) : t('bind:reminder.gift')}</Text>
        {benefits.length > 0 && ready && (
          <List size="sm" spacing={2} aria-label={t('bind:benefits.title')}>
            {benefits.map((benefit, index) => (
              <List.Item key={index}>{benefitText(t, benefit, context)}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" fw={500}>
          {t('bind:reminder.restart')}
        </Text>
        {product && name && (
          <Group>
            <ExternalButton size="xs" href={productLinks(siteProductOfLicence[product], language, pid).download}>
              {t('bind:reminder.open', { product: name })}
            </ExternalButton>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
