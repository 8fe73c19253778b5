import { DEVICE_LIMIT_OVERRIDE_MAX, deviceProducts } from '@account-centre/contract';
import { userIdOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { devicesOfUser, operatorUnbind, setDeviceLimit } from './devices.service.js';

export const deviceListCommand = operatorCommand({
  name: 'device:list',
  description:
    'List a user’s activated devices and device slots (used, limit, membership allowance, override) per product.',
  options: [
    userIdOption,
    { kind: 'choice', name: 'product', description: 'only this product', values: deviceProducts },
  ],
  run: async (context, { user, product }) => devicesOfUser(await context.deps(), user, product),
});

export const deviceUnbindCommand = operatorCommand({
  name: 'device:unbind',
  description:
    'Unbind a user’s device from a product (support cases): frees its slot and signs out every session of the device.',
  options: [
    userIdOption,
    {
      kind: 'choice',
      name: 'product',
      description: 'product the device is activated for',
      required: true,
      values: deviceProducts,
    },
    { kind: 'text', name: 'device', description: 'the client’s device id (device_id)', required: true },
  ],
  run: async (context, { user, product, device }) => operatorUnbind(await context.deps(), user, product, device),
});

export const deviceLimitCommand = operatorCommand({
  name: 'device:limit',
  description: `Set a user’s device limit for a product (0 to ${DEVICE_LIMIT_OVERRIDE_MAX}), or "default" to return to the membership’s allowance (3 personal, 1 team seat, 1 free). Active devices stay; a lower limit refuses new ones until enough are unbound.`,
  options: [
    userIdOption,
    { kind: 'choice', name: 'product', description: 'product', required: true, values: deviceProducts },
    {
      kind: 'text',
      name: 'limit',
      description: `0–${DEVICE_LIMIT_OVERRIDE_MAX}, or default`,
      required: true,
      pattern: /^(default|-?\d+)$/,
      expects: 'a whole number',
    },
  ],
  // The range is the service's rule (it answers the same to every caller); "default" is the override's absence.
  run: async (context, { user, product, limit }) =>
    setDeviceLimit(await context.deps(), user, product, limit === 'default' ? null : Number(limit)),
});
