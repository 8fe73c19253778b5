import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { LoadFailed } from '../../../components/LoadFailed';
import type { DeviceProduct } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { formatDate } from '../../../lib/i18n';
import { type Device, useDeviceList } from '../api/get-devices';
import { useUnbindDevice } from '../api/unbind-device';
import { productLabelKeys, tagLabelKeys } from '../labels';
import { useSessionEnded } from '../use-session-end';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';

/** Spec 01 §4 "Device unbind": the success tip shows 1500 ms. */
export const UNBIND_TOAST_MS = 1500;

/**
 * One product's activated devices (spec 01 §2 "Devices screen"): the slots in use out of the
 * limit, each device with its tags and last use, and Unbind behind a confirmation.
 */
export function DeviceList({
  userId,
  product,
  onUnbound,
}: {
  userId: number;
  product: DeviceProduct;
  /** Called after a device was unbound (the device modal tells the client to retry). */
  onUnbound?: (device: Device) => void;
}) {
  const { t } = useTranslation();
  const list = useDeviceList(userId, product);
  const unbind = useUnbindDevice(userId, product);
  const sessionEnded = useSessionEnded();
  const [target, setTarget] = useState<Device | null>(null);
  const [busy, runOnce] = useSingleFlight();

  const confirm = () =>
    runOnce(async () => {
      if (!target) return;
      try {
        const result = await unbind.mutateAsync(target.device_id);
        setTarget(null);
        showToast(t('devices:unbind.success'), 'success', UNBIND_TOAST_MS);
        onUnbound?.(target);
        if (result.current) sessionEnded({ desktop: 'closeDialog', view: 'password' });
      } catch {
        // Spec 01 §8: a failed unbind shows the generic error tip, whatever the cause.
        showToast(t('errors:generic'), 'error');
      }
    });

  if (list.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loading />
      </Group>
    );
  }
  if (list.isError) {
    return <LoadFailed message={t('devices:list.loadError')} onRetry={() => void list.refetch()} />;
  }

  const { data: devices, count, limit } = list.data;
  const productName = t(productLabelKeys[product]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t('devices:list.heading')}</Text>
        <Badge variant="light" color={count >= limit ? 'orange' : 'blue'} size="lg" radius="sm" tt="none">
          {t('devices:list.limit', { used: count, count: limit })}
        </Badge>
      </Group>
      {devices.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text fw={600}>{t('devices:list.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('devices:list.emptyDescription', { product: productName })}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={productName}>
          {devices.map((device) => (
            <Paper component="li" withBorder p="md" radius="md" key={device.device_id} aria-label={device.device_name}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={4} miw={0} style={{ flex: '1 1 14rem' }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {device.device_name}
                    </Text>
                    <Badge variant="outline" radius="sm" tt="none">
                      {t(tagLabelKeys[device.tag])}
                    </Badge>
                    {device.current && (
                      <Badge color="green" radius="sm" tt="none">
                        {t('devices:list.current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('devices:list.lastUsed', { date: formatDate(device.last_used_at, 'dateTime') })}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => setTarget(device)}
                  aria-label={`${t('devices:list.unbind')} ${device.device_name}`}
                >
                  {t('devices:list.unbind')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={target !== null}
        danger
        title={t('devices:unbind.title')}
        confirmLabel={t('devices:unbind.confirm')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      >
        {t('devices:unbind.body', { name: target?.device_name ?? '' })}
        {target?.current ? ` ${t('devices:unbind.currentWarning')}` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
