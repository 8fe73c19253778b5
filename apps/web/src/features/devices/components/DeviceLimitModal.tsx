import { Modal, Stack, Text } from '@mantine/core';
import type { DeviceProduct } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { host } from '../../../lib/host-bridge';
import { productLabelKeys } from '../labels';
import { DeviceList } from './DeviceList';

/**
 * The desktop client's `loginShowDeviceModal` (spec 01 §7): its activation was refused because
 * every slot of the product is taken. The list is read from the server rather than taken from
 * the message, so it is current when the user chooses; once one is unbound the client is told
 * to activate again.
 */
export function DeviceLimitModal({
  userId,
  product,
  onClose,
}: {
  userId: number;
  product: DeviceProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={t('devices:modal.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {product && (
        <Stack gap="md">
          <Text size="sm">{t('devices:modal.body', { product: t(productLabelKeys[product]) })}</Text>
          <DeviceList
            userId={userId}
            product={product}
            onUnbound={() => {
              host.retryLogin(product);
              onClose();
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}
