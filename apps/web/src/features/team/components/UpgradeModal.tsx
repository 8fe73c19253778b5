import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../components/ExternalButton';
import { useLanguage } from '../../../lib/i18n';
import { businessPricingPage, siteProductOfLicence } from '../../../lib/product-links';
import { useCurrentTeam } from '../team-context';

/**
 * The upgrade prompt (spec 02 §8), for `group num limit`: the team has no member place left.
 * The domestic build only says so; the overseas build offers the business plans.
 */
export function UpgradeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { ref, domestic } = useCurrentTeam();
  return (
    <Modal opened onClose={onClose} title={t('team:upgrade.title')} centered>
      <Stack gap="lg">
        <Text size="sm">{t('team:upgrade.text')}</Text>
        {!domestic && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <ExternalButton href={businessPricingPage(siteProductOfLicence[ref.product], language)}>
              {t('team:upgrade.action')}
            </ExternalButton>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
