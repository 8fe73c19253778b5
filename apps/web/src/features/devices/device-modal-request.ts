import type { DeviceProduct } from '@account-centre/contract';
import type { BuildContext } from '../../lib/build-context';
import { isDeviceProduct } from './products';

/** The device products of the desktop clients (`from`) and of the `tend` builds. */
const productOfClient: Record<string, DeviceProduct> = {
  maxPC: 'diagram',
  projectPC: 'project',
  mindmaster: 'mind-map',
};
const productOfTend: Record<string, DeviceProduct> = { max: 'diagram', project: 'project', mindmaster: 'mind-map' };

/**
 * The product whose device limit a `loginShowDeviceModal` message is about, or null when the
 * navigation carries no such message. The host sends what its refused activation answered
 * (`{ product, devices }`, the devices of a 409 "device limit" each naming its product); a
 * host that sends less is a client of one product, known from the build.
 */
export function deviceModalProduct(
  navigationState: unknown,
  build: Pick<BuildContext, 'from' | 'tend'>,
): DeviceProduct | null {
  if (!navigationState || typeof navigationState !== 'object' || !('loginShowDeviceModal' in navigationState))
    return null;
  const payload = (navigationState as { loginShowDeviceModal: unknown }).loginShowDeviceModal;
  const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  if (isDeviceProduct(record.product)) return record.product;
  const first: unknown = Array.isArray(record.devices) ? record.devices[0] : undefined;
  if (first && typeof first === 'object' && isDeviceProduct((first as Record<string, unknown>).product)) {
    return (first as { product: DeviceProduct }).product;
  }
  return buildProduct(build) ?? 'diagram';
}

/** The device product of the build's client or `tend`, or null for a build of no one product. */
export function buildProduct(build: Pick<BuildContext, 'from' | 'tend'>): DeviceProduct | null {
  return (
    (build.from ? productOfClient[build.from] : undefined) ??
    (build.tend ? productOfTend[build.tend] : undefined) ??
    null
  );
}
