import { Type } from 'typebox';
import {
  DEVICE_ID_PATTERN,
  DEVICE_NAME_MAX_LENGTH,
  deviceListPath,
  type DeviceProduct,
  devicePlatforms,
  deviceProducts,
  deviceTags,
} from '../catalogue/devices.js';
import { Envelope, ListEnvelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, Nullable, strict } from '../http/schema.js';
import { UserIdParams } from './user.routes.js';

export const DeviceProductSchema = literals(deviceProducts);
export const DevicePlatformSchema = literals(devicePlatforms);
export const DeviceTagSchema = literals(deviceTags, { description: 'PC, Mobile or Online (spec 01 §2)' });
export const DeviceId = Type.String({ pattern: DEVICE_ID_PATTERN, description: 'the client’s own device identifier' });

/** A device activated for a product (spec 01 §3 "Device", with what the devices screen shows). */
export const Device = Type.Object({
  device_id: DeviceId,
  device_name: Type.String(),
  platform: DevicePlatformSchema,
  tag: DeviceTagSchema,
  product: DeviceProductSchema,
  current: Type.Boolean({ description: 'the device the calling session runs on' }),
  activated_at: UnixSeconds,
  last_used_at: UnixSeconds,
});

/** A product's device list: `count` devices hold slots out of `limit`. */
export const DeviceListEnvelope = ListEnvelope(Device, {
  limit: Type.Integer({ minimum: 0, description: 'device slots of the product for this user' }),
});

export const ActivateDeviceBody = Type.Object(
  {
    device_id: DeviceId,
    device_name: Text({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH }),
    platform: DevicePlatformSchema,
  },
  strict,
);

export const ActivationResult = Type.Object({
  device: Device,
  already_active: Type.Boolean({ description: 'the device held a slot already; no new one was taken' }),
  used: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 0 }),
});

export const DeviceParams = Type.Object({ userId: Id(), id: DeviceId }, strict);

export const UnbindResult = Type.Object({
  sessions_ended: Type.Integer({ minimum: 0, description: 'sessions of the device that were signed out' }),
  current: Type.Boolean({ description: 'the calling session was one of them: the caller is signed out' }),
});

const productNames: Record<DeviceProduct, string> = { 'mind-map': 'mind-map', diagram: 'diagram', project: 'project' };

/**
 * The three calls of one product (spec 01 §7 "Devices": GET and DELETE {userId}/device[/{id}],
 * {userId}/max/device, {userId}/project/device; POST on the list to activate).
 */
function deviceRoutesOf<const P extends DeviceProduct>(product: P) {
  const path = deviceListPath(product);
  const name = productNames[product];
  return {
    list: defineRoute({
      method: 'GET',
      path,
      summary: `Devices activated for the ${name} product, with the slot limit`,
      tags: ['devices'],
      access: 'user',
      // The product's clients read their devices and activate themselves (decision 004).
      tokenInQuery: true,
      params: UserIdParams,
      reply: DeviceListEnvelope,
    }),
    activate: defineRoute({
      method: 'POST',
      path,
      summary: `Activate a device for the ${name} product (its clients call this on sign-in); a device already active takes no new slot; all slots taken → 409 "device limit" with the active devices in data`,
      tags: ['devices'],
      access: 'user',
      tokenInQuery: true,
      params: UserIdParams,
      body: ActivateDeviceBody,
      reply: Envelope(ActivationResult),
    }),
    unbind: defineRoute({
      method: 'DELETE',
      path: `${path}/:id`,
      summary: `Unbind a device from the ${name} product: frees its slot and signs out every session of the device`,
      tags: ['devices'],
      access: 'user',
      params: DeviceParams,
      reply: Envelope(UnbindResult),
    }),
  };
}

const mindMap = deviceRoutesOf('mind-map');
const diagram = deviceRoutesOf('diagram');
const project = deviceRoutesOf('project');

// One export per route: the server, the OpenAPI document and the :userId guard test find
// routes among the contract's exports.
export const getMindMapDevicesRoute = mindMap.list;
export const activateMindMapDeviceRoute = mindMap.activate;
export const unbindMindMapDeviceRoute = mindMap.unbind;
export const getDiagramDevicesRoute = diagram.list;
export const activateDiagramDeviceRoute = diagram.activate;
export const unbindDiagramDeviceRoute = diagram.unbind;
export const getProjectDevicesRoute = project.list;
export const activateProjectDeviceRoute = project.activate;
export const unbindProjectDeviceRoute = project.unbind;

/** The device calls of each product, for code that loops over the products. */
export const deviceRoutes = { 'mind-map': mindMap, diagram, project } as const;

// ---- where am I signed in ---------------------------------------------------------------

/**
 * The client as read from its user agent: a browser (name and major version), an application
 * (its product token), or unknown. `os` when the agent names one.
 */
export const ClientDescription = Type.Object({
  kind: Type.Union([Type.Literal('browser'), Type.Literal('app'), Type.Literal('unknown')]),
  name: Nullable(Type.String()),
  version: Nullable(Type.String()),
  os: Nullable(Type.String()),
});

/**
 * Where a sign-in came from, as far as it is known without a geolocation database: `local`
 * for loopback and private network addresses, null otherwise (docs/decisions/004).
 */
export const ApproximateLocation = Nullable(Type.Literal('local'));

/** A signed-in session of the account, for "where am I signed in". */
export const SessionInfo = Type.Object({
  id: Type.String(),
  current: Type.Boolean({ description: 'the session making this call' }),
  method: Type.String({ description: 'how it began: password, code, register, ticket, …' }),
  client: ClientDescription,
  ip: Nullable(Type.String()),
  location: ApproximateLocation,
  device_id: Nullable(DeviceId),
  device: Nullable(
    Type.Object({
      device_name: Type.String(),
      platform: DevicePlatformSchema,
      tag: DeviceTagSchema,
      products: Type.Array(DeviceProductSchema, { description: 'products the device is activated for' }),
    }),
  ),
  signed_in_at: UnixSeconds,
  last_active_at: UnixSeconds,
  expires_at: UnixSeconds,
});

/** Live sessions listed at most (newest activity first); `count` tells how many there are. */
export const SESSION_LIST_MAX = 100;

export const SessionIdParams = Type.Object(
  { userId: Id(), sessionId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) },
  strict,
);

export const listSessionsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/sessions',
  summary: 'The account’s signed-in sessions, most recently active first',
  tags: ['devices'],
  access: 'user',
  params: UserIdParams,
  reply: ListEnvelope(SessionInfo),
});

export const endSessionRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/:userId/sessions/:sessionId',
  summary: 'Sign out one session of the account (its tokens stop at once)',
  tags: ['devices'],
  access: 'user',
  params: SessionIdParams,
  reply: Envelope(Type.Object({ current: Type.Boolean({ description: 'it was the calling session' }) })),
});

export const SignOutDeviceParams = Type.Object({ userId: Id(), deviceId: DeviceId }, strict);

export const signOutDeviceRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/:userId/devices/:deviceId',
  summary: 'Sign out and unbind a device: unbind it from every product and end every session on it',
  tags: ['devices'],
  access: 'user',
  params: SignOutDeviceParams,
  reply: Envelope(
    Type.Object({
      products: Type.Array(DeviceProductSchema, { description: 'products it was unbound from' }),
      sessions_ended: Type.Integer({ minimum: 0 }),
      current: Type.Boolean({ description: 'the calling session was one of them' }),
    }),
  ),
});

/** A sign-in attempt of the account, from the audit trail. */
export const SignInEvent = Type.Object({
  id: Type.Integer(),
  at: UnixSeconds,
  result: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  method: Nullable(Type.String({ description: 'password, code, register, ticket, …' })),
  client: ClientDescription,
  ip: Nullable(Type.String()),
  location: ApproximateLocation,
});

export const SIGN_IN_HISTORY_PAGE_SIZE = 10;
export const SIGN_IN_HISTORY_PAGE_SIZE_MAX = 50;

export const signInHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/signin-history',
  summary: 'Sign-in attempts of the account (successes and failures), newest first, paged',
  tags: ['devices'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object(
    {
      offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
      count: Type.Integer({ minimum: 1, maximum: SIGN_IN_HISTORY_PAGE_SIZE_MAX, default: SIGN_IN_HISTORY_PAGE_SIZE }),
    },
    strict,
  ),
  reply: ListEnvelope(SignInEvent),
});

export const SecureAccountResult = Type.Object({
  sessions_ended: Type.Integer({ minimum: 0, description: 'every session, the caller’s included' }),
  devices_unbound: Type.Integer({ minimum: 0 }),
  password_withdrawn: Type.Boolean({
    description: 'the account had a password; password sign-in now answers "password reset required"',
  }),
});

export const notMeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/not-me',
  summary:
    '"This wasn’t me": end every session (the caller’s too), unbind every device and withdraw the password until it is reset through forgot password',
  tags: ['devices'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object(
    { event_id: Type.Optional(Id({ description: 'the sign-in of the history being disowned' })) },
    strict,
  ),
  reply: Envelope(SecureAccountResult),
});
