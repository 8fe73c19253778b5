import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A question before a change (unbinding a device, removing members). While the change is on its
 * way the dialog cannot be dismissed and the confirm button shows its progress, so the change is
 * sent once.
 */
export function ConfirmDialog({
  opened = true,
  title,
  children,
  confirmLabel,
  danger = false,
  busy,
  onConfirm,
  onClose,
}: {
  /** Open unless said: most callers draw the dialog only while it is asked. */
  opened?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A change that cannot be undone: the confirm button is red. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = () => !busy && onClose();
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
