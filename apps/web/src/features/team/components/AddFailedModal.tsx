import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const REASONS = ['notRegistered', 'ownsTeam', 'joinedTeam', 'lifetime'] as const;

/**
 * The add-failed prompt (spec 02 §8): what went wrong (`subtitle`), then the four usual reasons
 * a person cannot join a team.
 */
export function AddFailedModal({ subtitle, onClose }: { subtitle: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('team:addFailed.title')} centered>
      <Stack gap="md">
        <Text size="sm" fw={500} role="alert">
          {subtitle}
        </Text>
        <Stack gap={6}>
          <Text size="sm">{t('team:addFailed.reasons')}</Text>
          <List type="ordered" size="sm" spacing={4}>
            {REASONS.map((reason) => (
              <List.Item key={reason}>{t(`team:addFailed.${reason}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
