import { Divider, Tabs, Text } from '@mantine/core';
import { type DeviceProduct, deviceProducts } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../lib/router';
import { ScreenLayout } from '../../components/ScreenLayout';
import { SettledTogether } from '../../components/SettledTogether';
import { deviceListOptions } from './api/get-devices';
import { sessionsOptions } from './api/get-sessions';
import { FIRST_HISTORY_PAGE, signInHistoryOptions } from './api/get-sign-in-history';
import { useBuildContext } from '../../lib/build-context';
import { useSession } from '../../lib/session';
import { DeviceLimitModal } from './components/DeviceLimitModal';
import { DeviceList } from './components/DeviceList';
import { SessionsSection } from './components/SessionsSection';
import { SignInHistorySection } from './components/SignInHistorySection';
import { buildProduct, deviceModalProduct } from './device-modal-request';
import { productLabelKeys } from './labels';
import { isDeviceProduct } from './products';

/**
 * /devices (spec 01 §2 "Devices screen"): the devices of each product, then where the account
 * is signed in and its sign-in history (issue 6, beyond the spec).
 */
export function DevicesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const build = useBuildContext();
  const location = useLocation();
  const [product, setProduct] = useState<DeviceProduct>(() => buildProduct(build) ?? 'mind-map');
  // The host's device modal arrives as navigation state (app/host); each navigation is a new
  // request, so closing one modal does not swallow the next.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const modalProduct = closedFor === location.key ? null : deviceModalProduct(location.state, build);

  if (!session) return null;
  const userId = session.userId;
  return (
    <ScreenLayout title={t('shell:screens.devices')}>
      <Text c="dimmed" size="sm" mt={-8}>
        {t('devices:intro')}
      </Text>
      {/* Every section's first answer before any shows: the device table, the sessions and the
          history would otherwise push each other down as each arrives. */}
      <SettledTogether
        queries={[
          deviceListOptions(userId, product),
          sessionsOptions(userId),
          signInHistoryOptions(userId, FIRST_HISTORY_PAGE),
        ]}
      >
        <Tabs value={product} onChange={(value) => isDeviceProduct(value) && setProduct(value)} keepMounted={false}>
          <Tabs.List aria-label={t('devices:products.label')}>
            {deviceProducts.map((item) => (
              <Tabs.Tab key={item} value={item}>
                {t(productLabelKeys[item])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {deviceProducts.map((item) => (
            <Tabs.Panel key={item} value={item} pt="md">
              <DeviceList userId={userId} product={item} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Divider />
        <SessionsSection userId={userId} />
        <Divider />
        <SignInHistorySection userId={userId} />
      </SettledTogether>
      <DeviceLimitModal userId={userId} product={modalProduct} onClose={() => setClosedFor(location.key)} />
    </ScreenLayout>
  );
}
