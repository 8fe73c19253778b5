import type { DevicePlatform, DeviceProduct } from '@account-centre/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DevicesTable } from './devices.tables.js';

// Kysely only. The sign-in tables (sessions, credentials, login tickets, audit events) are
// read and changed here by their own columns, so that this module depends on the schema, not
// on the sign-in module's functions.

export type DeviceRow = Selectable<DevicesTable>;

export interface DeviceKey {
  userId: number;
  product: DeviceProduct;
  deviceId: string;
}

// ---- devices ---------------------------------------------------------------------------

/**
 * Marks an active device used again (its name and platform as the client reports them now);
 * no row back → the device is not active for the product.
 */
export function touchDevice(
  db: Db,
  key: DeviceKey,
  values: { device_name: string; platform: DevicePlatform; last_used_at: number },
) {
  return db
    .updateTable('devices')
    .set(values)
    .where('user_id', '=', key.userId)
    .where('product', '=', key.product)
    .where('device_id', '=', key.deviceId)
    .returningAll()
    .executeTakeFirst();
}

export function insertDevice(db: Db, values: Omit<DeviceRow, 'id'>) {
  return db.insertInto('devices').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A user's active devices, of one product or all, in the order they were activated. */
export function listDevices(db: Db, userId: number, product?: DeviceProduct): Promise<DeviceRow[]> {
  let query = db.selectFrom('devices').selectAll().where('user_id', '=', userId);
  if (product) query = query.where('product', '=', product);
  return query.orderBy('activated_at').orderBy('id').execute();
}

/** The devices of a user with one of these device ids, across products. */
export function listDevicesById(db: Db, userId: number, deviceIds: readonly string[]): Promise<DeviceRow[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', 'in', [...deviceIds])
    .orderBy('product')
    .execute();
}

/** Deletes one activation; no row back → the device was not active for the product. */
export function deleteDevice(db: Db, key: DeviceKey) {
  return db
    .deleteFrom('devices')
    .where('user_id', '=', key.userId)
    .where('product', '=', key.product)
    .where('device_id', '=', key.deviceId)
    .returning(['product'])
    .executeTakeFirst();
}

/** Deletes a device's activations for every product, or every device of the user; returns their products. */
export function deleteDevices(db: Db, userId: number, deviceId?: string) {
  let query = db.deleteFrom('devices').where('user_id', '=', userId);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  return query.returning(['product']).execute();
}

// ---- slot counters ---------------------------------------------------------------------

/**
 * Creates the counter of a user's product, or refreshes its limit: the operator's override
 * when one is set, else the membership's allowance `entitled`.
 */
export async function ensureSlots(db: Db, userId: number, product: DeviceProduct, entitled: number, now: number) {
  await db
    .insertInto('device_slots')
    .values({ user_id: userId, product, used: 0, slot_limit: entitled, override_limit: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product']).doUpdateSet({
        slot_limit: sql<number>`COALESCE(device_slots.override_limit, ${entitled})`,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Takes one slot (docs/architecture.md#invariants): the counter can never pass the limit, whatever runs beside it.
 * No row back → every slot is taken.
 */
export function claimSlot(db: Db, userId: number, product: DeviceProduct, now: number) {
  return db
    .updateTable('device_slots')
    .set({ used: sql<number>`used + 1`, updated_at: now })
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .where(sql<boolean>`used < slot_limit`)
    .returning(['used', 'slot_limit'])
    .executeTakeFirst();
}

/** Gives back `count` slots of deleted device rows (in the transaction of the delete). */
export function releaseSlots(db: Db, userId: number, product: DeviceProduct, count: number, now: number) {
  return db
    .updateTable('device_slots')
    .set({ used: sql<number>`used - ${count}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .where('used', '>=', count)
    .execute();
}

export function findSlots(db: Db, userId: number) {
  return db
    .selectFrom('device_slots')
    .select(['product', 'used', 'slot_limit', 'override_limit'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Operator: sets (or with null clears) a user's limit for a product. The counter keeps its
 * `used`; a limit below it refuses new devices until enough are unbound.
 */
export function setOverride(
  db: Db,
  userId: number,
  product: DeviceProduct,
  override: number | null,
  entitled: number,
  now: number,
) {
  const limit = override ?? entitled;
  return db
    .insertInto('device_slots')
    .values({ user_id: userId, product, used: 0, slot_limit: limit, override_limit: override, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product']).doUpdateSet({ slot_limit: limit, override_limit: override, updated_at: now }),
    )
    .returning(['product', 'used', 'slot_limit', 'override_limit'])
    .executeTakeFirstOrThrow();
}

// ---- password withdrawal ---------------------------------------------------------------

export function recordWithdrawal(db: Db, userId: number, eventId: number | null, now: number) {
  return db
    .insertInto('password_withdrawals')
    .values({ user_id: userId, reported_event_id: eventId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ reported_event_id: eventId, created_at: now }))
    .execute();
}

/** Whether the account's password was withdrawn ("this wasn't me") and not set again since. */
export async function hasPasswordWithdrawal(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_withdrawals')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new password ends the withdrawal. */
export function clearPasswordWithdrawal(db: Db, userId: number) {
  return db.deleteFrom('password_withdrawals').where('user_id', '=', userId).execute();
}
