import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentTeam } from '../team-context';
import { BuyButton } from '../../../components/BuyButton';

/**
 * The upgrade prompt (spec 02 §8), for `group num limit`: the team has no member place left.
 * The domestic build only says so; the overseas build offers business pricing for this team: the
 * purchase screen's team mode, where its owner or an admin buys seats, each a place more
 * (docs/decisions/040). It opens in place, in a browser as in a desktop client or the tablet frame.
 */
export function UpgradeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
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
            {/* Visited screens stay mounted: the prompt closes as it leads away, so it is gone on the way back. */}
            <BuyButton choice={{ team: ref.product }} onClick={onClose}>
              {t('team:upgrade.action')}
            </BuyButton>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
