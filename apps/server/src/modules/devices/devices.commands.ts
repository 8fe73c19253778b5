import { DEVICE_LIMIT_OVERRIDE_MAX, type DeviceProduct, deviceProducts } from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { intFlag } from '../../cli/order-flags.js';
import { devicesOfUser, operatorUnbind, setDeviceLimit } from './devices.service.js';

function userFlag(value: string | undefined): number {
  const userId = intFlag('user', value);
  if (userId === undefined || userId < 1) throw new UsageError('--user must be a user id');
  return userId;
}

export const deviceListCommand: CliCommand = {
  name: 'device:list',
  description:
    'List a user’s activated devices and device slots (used, limit, membership allowance, override) per product.',
  options: [
    { name: 'user', description: 'user id', required: true },
    { name: 'product', description: 'only this product', values: deviceProducts },
  ],
  run: async (context, flags) =>
    devicesOfUser(await context.deps(), userFlag(flags.user), flags.product as DeviceProduct | undefined),
};

export const deviceUnbindCommand: CliCommand = {
  name: 'device:unbind',
  description:
    'Unbind a user’s device from a product (support cases): frees its slot and signs out every session of the device.',
  options: [
    { name: 'user', description: 'user id', required: true },
    { name: 'product', description: 'product the device is activated for', required: true, values: deviceProducts },
    { name: 'device', description: 'the client’s device id (device_id)', required: true },
  ],
  run: async (context, flags) =>
    operatorUnbind(await context.deps(), userFlag(flags.user), flags.product as DeviceProduct, flags.device as string),
};

export const deviceLimitCommand: CliCommand = {
  name: 'device:limit',
  description: `Set a user’s device limit for a product (0 to ${DEVICE_LIMIT_OVERRIDE_MAX}), or "default" to return to the membership’s allowance (3 personal, 1 team seat, 1 free). Active devices stay; a lower limit refuses new ones until enough are unbound.`,
  options: [
    { name: 'user', description: 'user id', required: true },
    { name: 'product', description: 'product', required: true, values: deviceProducts },
    { name: 'limit', description: `0–${DEVICE_LIMIT_OVERRIDE_MAX}, or default`, required: true },
  ],
  run: async (context, flags) => {
    const limit = flags.limit === 'default' ? null : intFlag('limit', flags.limit);
    if (limit === undefined) throw new UsageError('--limit is required');
    return setDeviceLimit(await context.deps(), userFlag(flags.user), flags.product as DeviceProduct, limit);
  },
};
