import { type DeviceProduct, deviceProducts } from '@account-centre/contract';

export function isDeviceProduct(value: unknown): value is DeviceProduct {
  return typeof value === 'string' && (deviceProducts as readonly string[]).includes(value);
}
