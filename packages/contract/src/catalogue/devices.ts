import { expiryState, personalExpiryFields, type SubscriptionExpiries, teamExpiryFields } from '../licence/expiry.js';
import type { SubscriptionProduct } from './products.js';

/**
 * Products whose clients activate devices (spec 01 §2 "Devices screen": tabs for mind-map,
 * diagram and project).
 */
export const deviceProducts = ['mind-map', 'diagram', 'project'] as const;
export type DeviceProduct = (typeof deviceProducts)[number];

/**
 * The path segment of each product's device calls (spec 01 §7): mind-map has none
 * (`{userId}/device`), diagram is `max` (`{userId}/max/device`), project is `project`.
 */
export const devicePathSegments: Record<DeviceProduct, string> = {
  'mind-map': '',
  diagram: 'max',
  project: 'project',
};

/** `/api/user/:userId/device`, `/api/user/:userId/max/device`, `/api/user/:userId/project/device`. */
export function deviceListPath(product: DeviceProduct): string {
  const segment = devicePathSegments[product];
  return `/api/user/:userId${segment ? `/${segment}` : ''}/device`;
}

/** The subscription record (spec 01 §3) whose membership decides a product's device slots. */
export const deviceSubscriptionProduct: Record<DeviceProduct, SubscriptionProduct> = {
  'mind-map': 'mind',
  diagram: 'max',
  project: 'proj',
};

/** Platforms a device reports (spec 01 §3 "Device"). */
export const devicePlatforms = ['desktop', 'pc', 'mac', 'android', 'ios', 'web'] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

/** The platform tag of the devices screen (spec 01 §2: PC, Mobile or Online). */
export const deviceTags = ['PC', 'Mobile', 'Online'] as const;
export type DeviceTag = (typeof deviceTags)[number];

const tagOfPlatform: Record<DevicePlatform, DeviceTag> = {
  desktop: 'PC',
  pc: 'PC',
  mac: 'PC',
  android: 'Mobile',
  ios: 'Mobile',
  web: 'Online',
};

export function deviceTag(platform: DevicePlatform): DeviceTag {
  return tagOfPlatform[platform];
}

/**
 * Device slots per product (spec 01 §9, spec 02 §9): a personal membership 3 devices, a team
 * membership 1. A user with neither still signs in to the free edition of the clients, on one
 * device per product: the free tier gets what the smallest paid allowance gets
 * (docs/decisions/004).
 */
export const DEVICE_LIMITS = { personal: 3, team: 1, free: 1 } as const;

/** The largest per-user limit an operator may set for a product (support cases). */
export const DEVICE_LIMIT_OVERRIDE_MAX = 100;

export type DeviceMembership = keyof typeof DEVICE_LIMITS;

/**
 * The membership a subscription record gives for device slots at `now`: personal when any
 * personal platform has not expired, else team when a team expiry has not, else free. Personal
 * wins over a team seat because it gives more devices.
 */
export function deviceMembership(record: SubscriptionExpiries | null | undefined, now: number): DeviceMembership {
  if (!record) return 'free';
  const live = (field: keyof SubscriptionExpiries) => expiryState(record[field], now) !== 'expired';
  if (personalExpiryFields.some(live)) return 'personal';
  if (teamExpiryFields.some(live)) return 'team';
  return 'free';
}

/** Device slots a record entitles to at `now` (before any operator override). */
export function deviceSlotLimit(record: SubscriptionExpiries | null | undefined, now: number): number {
  return DEVICE_LIMITS[deviceMembership(record, now)];
}

/**
 * A client's own device identifier: printable ASCII, 1 to 128 characters — the same rule as
 * the `X-Device-Id` header sessions record, so a session and a device can be matched.
 */
export const DEVICE_ID_PATTERN = '^[\\x21-\\x7e]{1,128}$';
export const DEVICE_ID_MAX_LENGTH = 128;
const deviceIdRegExp = new RegExp(DEVICE_ID_PATTERN);

export function isDeviceId(value: string): boolean {
  return deviceIdRegExp.test(value);
}

/** A device name as the client reports it ("DESKTOP-4F2K", "Anna's iPhone"): text, no control characters. */
export const DEVICE_NAME_MAX_LENGTH = 100;
