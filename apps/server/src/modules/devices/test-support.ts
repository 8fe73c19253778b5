import { buildPath, type DeviceProduct, deviceListPath } from '@account-centre/contract';
import { login, PASSWORD, type SignIn, uniqueIp } from '../../../test/helpers/auth.js';
import type { TestUser } from '../../../test/helpers/users.js';
import type { TestApp } from '../../../test/helpers/test-app.js';
import { grantSubscription } from '../subscriptions/subscriptions.service.js';

// Shared by the device and session API tests of this folder.

export type { SignIn } from '../../../test/helpers/auth.js';

export const DESKTOP_AGENT = 'MindMaster/12.2.15 (Windows NT 10.0; Win64; x64)';
export const CHROME_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new session of the customer, as a client on a device signs in (X-Device-Id, its own agent). */
export async function signInOn(
  t: TestApp,
  who: TestUser,
  options: { deviceId?: string; userAgent?: string; ip?: string } = {},
): Promise<SignIn> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? DESKTOP_AGENT };
  if (options.deviceId) headers['x-device-id'] = options.deviceId;
  const res = await login(t, { account: who.email, password: PASSWORD }, { headers, ip: options.ip ?? uniqueIp() });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data as SignIn;
}

export const devicesUrl = (product: DeviceProduct, userId: number, deviceId?: string) =>
  buildPath(deviceListPath(product), { userId }) + (deviceId === undefined ? '' : `/${encodeURIComponent(deviceId)}`);

export function activate(
  t: TestApp,
  token: string,
  userId: number,
  product: DeviceProduct,
  body: Record<string, unknown>,
) {
  return t.app.inject({ method: 'POST', url: devicesUrl(product, userId), headers: bearer(token), payload: body });
}

export function listDevices(t: TestApp, token: string, userId: number, product: DeviceProduct) {
  return t.app.inject({ method: 'GET', url: devicesUrl(product, userId), headers: bearer(token) });
}

export function unbind(t: TestApp, token: string, userId: number, product: DeviceProduct, deviceId: string) {
  return t.app.inject({ method: 'DELETE', url: devicesUrl(product, userId, deviceId), headers: bearer(token) });
}

export const device = (id: string, platform = 'pc', name = `PC ${id}`) => ({
  device_id: id,
  device_name: name,
  platform,
});

const YEAR = 365 * 86_400;

/** A personal membership of the product's subscription record (3 devices, spec 01 §9). */
export function grantPersonal(t: TestApp, who: TestUser, product: 'mind' | 'max' | 'proj', until?: number) {
  const now = t.clock.now();
  return grantSubscription(
    t.app.db,
    { userId: who.userId, product, scope: 'personal', platforms: ['win', 'mac'], end: { until: until ?? now + YEAR } },
    now,
  );
}

/** A team seat of the product (1 device, spec 01 §9). */
export function grantTeamSeat(t: TestApp, who: TestUser, product: 'mind' | 'max' | 'proj') {
  const now = t.clock.now();
  return grantSubscription(
    t.app.db,
    {
      userId: who.userId,
      product,
      scope: 'team',
      platforms: ['desktop'],
      group: 'Design team',
      end: { until: now + YEAR },
    },
    now,
  );
}

/** The counter of a user's product and its device rows: equal numbers, always. */
export async function slotState(t: TestApp, userId: number, product: DeviceProduct) {
  const counter = await t.app.db
    .selectFrom('device_slots')
    .select(['used', 'slot_limit'])
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .executeTakeFirst();
  const rows = await t.app.db
    .selectFrom('devices')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .orderBy('device_id')
    .execute();
  return { used: counter?.used ?? 0, limit: counter?.slot_limit ?? null, devices: rows.map((r) => r.device_id) };
}
