import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The browser refused to open the sign-in popup (its blocker, or no click behind it, as on
 * arrival with openWXBind). Says what to do; "Try again" is a click, which browsers honour.
 */
export function IdentityPopupBlockedModal({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('accountIdentity:blocked.title')} centered>
      <Stack>
        <Text size="sm">{t('accountIdentity:blocked.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onRetry}>{t('accountIdentity:blocked.retry')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
