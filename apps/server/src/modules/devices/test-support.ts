import { type ActivateDeviceBody, type DeviceProduct, deviceRoutes } from '@account-centre/contract';
import type { Static } from 'typebox';
import { login, PASSWORD, type SignIn, uniqueIp } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import type { TestUser } from '../../../test/helpers/users.js';
import type { TestApp } from '../../../test/helpers/test-app.js';
import { grantSubscription } from '../subscriptions/index.js';

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

/**
 * The device calls of a product, as a client makes them: the token of one session, the user
 * id of the path (another user's in the refusal tests), and no host, as desktop clients send none.
 */
const asClient = (token: string, userId: number) => ({
  params: { userId },
  as: { userId, token, region: 'domestic' as const },
  host: null,
});

export function activate(
  t: TestApp,
  token: string,
  userId: number,
  product: DeviceProduct,
  body: Static<typeof ActivateDeviceBody>,
) {
  return call(t, deviceRoutes[product].activate, { ...asClient(token, userId), body });
}

export function listDevices(t: TestApp, token: string, userId: number, product: DeviceProduct) {
  return call(t, deviceRoutes[product].list, asClient(token, userId));
}

export function unbind(t: TestApp, token: string, userId: number, product: DeviceProduct, deviceId: string) {
  const client = asClient(token, userId);
  return call(t, deviceRoutes[product].unbind, { ...client, params: { ...client.params, id: deviceId } });
}

export const device = (
  id: string,
  platform: Static<typeof ActivateDeviceBody>['platform'] = 'pc',
  name = `PC ${id}`,
): Static<typeof ActivateDeviceBody> => ({
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
