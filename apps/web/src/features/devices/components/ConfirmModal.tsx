import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A question before an action that cannot be undone. While the action runs the confirm button
 * shows its progress and the modal cannot be dismissed, so the action is sent once.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
