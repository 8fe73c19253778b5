import type { DevicePlatform, DeviceProduct } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** Device slots of a user for a product: `used` never passes `slot_limit` (docs/architecture.md#invariants). */
export interface DeviceSlotsTable {
  user_id: number;
  product: DeviceProduct;
  used: Generated<number>;
  /** The membership's allowance, or the operator's override when one is set. */
  slot_limit: number;
  override_limit: number | null;
  updated_at: number;
}

/** A device activated for a product (spec 01 §3 "Device"); one row per user, product and device. */
export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  product: DeviceProduct;
  device_id: string;
  device_name: string;
  platform: DevicePlatform;
  activated_at: number;
  last_used_at: number;
}

/** "This wasn't me" withdrew the password; password sign-in is refused until a new one is set. */
export interface PasswordWithdrawalsTable {
  user_id: number;
  reported_event_id: number | null;
  created_at: number;
}

declare module '../../db/db.js' {
  /** The tables the devices module owns (docs/architecture.md#table-owners). */
  interface Database {
    device_slots: DeviceSlotsTable;
    devices: DevicesTable;
    password_withdrawals: PasswordWithdrawalsTable;
  }
}
