import { insertAuditEvent } from '../audit/index.js';
import {
  type ActivationResult,
  CommonErrors,
  type Device,
  DEVICE_LIMIT_OVERRIDE_MAX,
  DeviceErrors,
  type DevicePlatform,
  type DeviceProduct,
  deviceProducts,
  deviceSlotLimit,
  deviceSubscriptionProduct,
  deviceTag,
  isDeviceId,
  type UnbindResult,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../lib/clock.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { licenceRecordOf } from '../grants/index.js';
import type { ClientInfo } from '../../lib/caller.js';
import * as repo from './devices.repository.js';
import { sessionStore } from '../auth/index.js';
import { userExists } from '../user/index.js';

export type DeviceDto = Static<typeof Device>;
export type ActivationResultDto = Static<typeof ActivationResult>;
export type UnbindResultDto = Static<typeof UnbindResult>;

export interface DevicesDeps {
  db: Db;
  clock: Clock;
  /** Every instance hears of the sessions an unbinding ends (docs/decisions/021). */
  sessionEnds: sessionStore.SessionEndsNotifier;
}

/** Who asks: a signed-in caller (the API) or an operator (the CLI, no session, no client). */
export interface Actor {
  userId: number;
  sessionId: string | null;
  client: ClientInfo;
}

export function toDevice(row: repo.DeviceRow, currentDeviceId: string | null): DeviceDto {
  return {
    device_id: row.device_id,
    device_name: row.device_name,
    platform: row.platform,
    tag: deviceTag(row.platform),
    product: row.product,
    current: currentDeviceId !== null && row.device_id === currentDeviceId,
    activated_at: row.activated_at,
    last_used_at: row.last_used_at,
  };
}

/**
 * Slots the user's membership of the product gives now (spec 01 §9): 3 for a personal
 * membership, 1 for a team seat, 1 for the free tier.
 */
async function entitledLimit(db: Db, userId: number, product: DeviceProduct, now: number): Promise<number> {
  const record = await licenceRecordOf(db, userId, deviceSubscriptionProduct[product]);
  return deviceSlotLimit(record, now);
}

/** The device the caller runs on: its session's device, else the request's `X-Device-Id`. */
export async function callerDevice(db: Db, actor: Actor): Promise<string | null> {
  const fromSession = actor.sessionId ? await sessionStore.sessionDevice(db, actor.sessionId) : null;
  return fromSession ?? actor.client.deviceId;
}

/** The limit in force: the operator's override, else the membership's allowance now. */
async function currentLimit(db: Db, userId: number, product: DeviceProduct, now: number): Promise<number> {
  const slots = (await repo.findSlots(db, userId)).find((row) => row.product === product);
  return slots?.override_limit ?? (await entitledLimit(db, userId, product, now));
}

/** A product's active devices and the user's limit for it (getMindmasterDevice and siblings). */
export async function listProductDevices(deps: DevicesDeps, actor: Actor, product: DeviceProduct) {
  const now = deps.clock.now();
  const [rows, current, limit] = await Promise.all([
    repo.listDevices(deps.db, actor.userId, product),
    callerDevice(deps.db, actor),
    currentLimit(deps.db, actor.userId, product, now),
  ]);
  return { devices: rows.map((row) => toDevice(row, current)), limit };
}

export interface ActivationInput {
  device_id: string;
  device_name: string;
  platform: DevicePlatform;
}

type Activation =
  | { kind: 'active'; device: repo.DeviceRow; alreadyActive: boolean; used: number; limit: number }
  | { kind: 'full'; devices: repo.DeviceRow[] };

/**
 * A client signing in on a device activates it for a product (spec 01 §2, §9).
 *
 * - A device already active takes no new slot: its row is found (the unique index on user,
 *   product and device says there is at most one) and only marked used.
 * - A new device takes a slot with the conditional UPDATE of docs/architecture.md#invariants and is inserted in the
 *   same transaction, so `used` always equals the number of rows and never passes the limit,
 *   on any number of instances.
 * - All slots taken → 409 `device limit` with the active devices in `data`: the client offers
 *   one to unbind (`loginShowDeviceModal`) and tries again.
 *
 * The calling session is linked to the device, so unbinding the device ends it (docs/architecture.md#sign-in).
 */
export async function activateDevice(
  deps: DevicesDeps,
  actor: Actor & { sessionId: string },
  product: DeviceProduct,
  input: ActivationInput,
): Promise<ActivationResultDto> {
  const key = { userId: actor.userId, product, deviceId: input.device_id };
  // Two activations of the same new device can race to insert it: the loser's transaction
  // fails on the unique index and is rolled back whole (its slot too); run again, it finds
  // the winner's row and takes no slot.
  for (let attempt = 0; ; attempt++) {
    try {
      const outcome = await deps.db.transaction().execute(async (trx) => activateIn(trx, actor, key, input, deps));
      if (outcome.kind === 'full') {
        const current = await callerDevice(deps.db, actor);
        throw appError(
          DeviceErrors.limitReached,
          outcome.devices.map((row) => toDevice(row, current)),
        );
      }
      return {
        device: toDevice(outcome.device, input.device_id),
        already_active: outcome.alreadyActive,
        used: outcome.used,
        limit: outcome.limit,
      };
    } catch (error) {
      if (attempt < 2 && uniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function activateIn(
  trx: Db,
  actor: Actor & { sessionId: string },
  key: repo.DeviceKey,
  input: ActivationInput,
  deps: DevicesDeps,
): Promise<Activation> {
  const now = deps.clock.now();
  const touch = () =>
    repo.touchDevice(trx, key, { device_name: input.device_name, platform: input.platform, last_used_at: now });
  const alreadyActive = async (device: repo.DeviceRow): Promise<Activation> => {
    await sessionStore.linkSession(trx, actor.sessionId, key.deviceId, now);
    const slots = (await repo.findSlots(trx, key.userId)).find((row) => row.product === key.product);
    return {
      kind: 'active',
      device,
      alreadyActive: true,
      used: slots?.used ?? 0,
      limit: slots?.override_limit ?? (await entitledLimit(trx, key.userId, key.product, now)),
    };
  };

  const existing = await touch();
  if (existing) return alreadyActive(existing);

  const entitled = await entitledLimit(trx, key.userId, key.product, now);
  await repo.ensureSlots(trx, key.userId, key.product, entitled, now);
  const claimed = await repo.claimSlot(trx, key.userId, key.product, now);
  if (!claimed) {
    // The same device may have been activated by a request that held the counter before
    // this one; once that committed, it is an existing device, not one too many.
    const raced = await touch();
    if (raced) return alreadyActive(raced);
    return { kind: 'full', devices: await repo.listDevices(trx, key.userId, key.product) };
  }
  const device = await repo.insertDevice(trx, {
    user_id: key.userId,
    product: key.product,
    device_id: key.deviceId,
    device_name: input.device_name,
    platform: input.platform,
    activated_at: now,
    last_used_at: now,
  });
  await sessionStore.linkSession(trx, actor.sessionId, key.deviceId, now);
  await insertAuditEvent(
    trx,
    {
      userId: key.userId,
      kind: 'device.activate',
      ip: actor.client.ip,
      userAgent: actor.client.userAgent,
      detail: { product: key.product, device_id: key.deviceId, platform: input.platform },
    },
    now,
  );
  return { kind: 'active', device, alreadyActive: false, used: claimed.used, limit: claimed.slot_limit };
}

/**
 * Unbinds a device from a product (spec 01 §4): the row goes, its slot comes back and every
 * session of the device is signed out on the server, in one transaction — a token of the
 * device is refused by the very next request. Unknown device → 404 `not found`.
 */
export async function unbindDevice(
  deps: DevicesDeps,
  actor: Actor,
  product: DeviceProduct,
  deviceId: string,
  by: 'user' | 'operator' = 'user',
): Promise<UnbindResultDto> {
  const now = deps.clock.now();
  const key = { userId: actor.userId, product, deviceId };
  const ended = await sessionStore.endingSessions(deps, async (trx, ending) => {
    const removed = await repo.deleteDevice(trx, key);
    if (!removed) return null;
    await repo.releaseSlots(trx, actor.userId, product, 1, now);
    const sessions = await sessionStore.revokeSessions(trx, ending, actor.userId, now, 'device unbound', deviceId);
    await insertAuditEvent(
      trx,
      {
        userId: actor.userId,
        kind: 'device.unbind',
        ip: actor.client.ip,
        userAgent: actor.client.userAgent,
        detail: { product, device_id: deviceId, by, sessions: sessions.length },
      },
      now,
    );
    return sessions.map((row) => row.id);
  });
  if (!ended) throw appError(CommonErrors.notFound);
  return { sessions_ended: ended.length, current: actor.sessionId !== null && ended.includes(actor.sessionId) };
}

// ---- operator --------------------------------------------------------------------------

export interface ProductSlots {
  product: DeviceProduct;
  used: number;
  limit: number;
  entitled: number;
  override: number | null;
  devices: DeviceDto[];
}

/** Operator: a user's devices and slots per product (all products, or one). */
export async function devicesOfUser(deps: DevicesDeps, userId: number, product?: DeviceProduct) {
  const now = deps.clock.now();
  if (!(await userExists(deps.db, userId))) throw operatorInputError('user not found', CommonErrors.notFound);
  const [rows, slots] = await Promise.all([
    repo.listDevices(deps.db, userId, product),
    repo.findSlots(deps.db, userId),
  ]);
  const products = product ? [product] : [...deviceProducts];
  const result: ProductSlots[] = [];
  for (const p of products) {
    const counter = slots.find((row) => row.product === p);
    const entitled = await entitledLimit(deps.db, userId, p, now);
    const devices = rows.filter((row) => row.product === p).map((row) => toDevice(row, null));
    result.push({
      product: p,
      used: devices.length,
      limit: counter?.override_limit ?? entitled,
      entitled,
      override: counter?.override_limit ?? null,
      devices,
    });
  }
  return { user_id: userId, products: result };
}

/** Operator: unbinds one device of a user (support cases), with the same effects as the user's unbind. */
export async function operatorUnbind(deps: DevicesDeps, userId: number, product: DeviceProduct, deviceId: string) {
  if (!isDeviceId(deviceId)) throw operatorInputError('device id must be 1 to 128 printable ASCII characters');
  const result = await unbindDevice(
    deps,
    { userId, sessionId: null, client: { ip: null, userAgent: null, deviceId: null } },
    product,
    deviceId,
    'operator',
  );
  return { user_id: userId, product, device_id: deviceId, sessions_ended: result.sessions_ended };
}

/**
 * Operator: sets a user's device limit for a product (support cases), or with null returns it
 * to the membership's allowance. Devices already active stay; a limit below their number
 * refuses new ones until enough are unbound.
 */
export async function setDeviceLimit(deps: DevicesDeps, userId: number, product: DeviceProduct, limit: number | null) {
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0 || limit > DEVICE_LIMIT_OVERRIDE_MAX)) {
    throw operatorInputError(`limit must be a whole number from 0 to ${DEVICE_LIMIT_OVERRIDE_MAX}`);
  }
  const now = deps.clock.now();
  if (!(await userExists(deps.db, userId))) throw operatorInputError('user not found', CommonErrors.notFound);
  const entitled = await entitledLimit(deps.db, userId, product, now);
  const row = await deps.db.transaction().execute(async (trx) => {
    const slots = await repo.setOverride(trx, userId, product, limit, entitled, now);
    await insertAuditEvent(
      trx,
      {
        userId,
        kind: 'device.limit',
        ip: null,
        userAgent: null,
        detail: { product, limit, by: 'operator' },
      },
      now,
    );
    return slots;
  });
  return {
    user_id: userId,
    product: row.product,
    used: row.used,
    limit: row.slot_limit,
    entitled,
    override: row.override_limit,
  };
}
