import type {
  BalanceKind,
  GrantKind,
  GrantSource,
  OrderChannel,
  SubscriptionProduct,
  SubscriptionType,
} from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A subscription record (spec 01 §3); flags are 0/1 on both databases. */
export interface SubscriptionsTable {
  user_id: number;
  product: SubscriptionProduct;
  type: SubscriptionType;
  name: string;
  version: string | null;
  order_type: number | null;
  product_id: number | null;
  order_no: string | null;
  channel: OrderChannel | null;
  win_exp: number | null;
  mac_exp: number | null;
  linux_exp: number | null;
  online_exp: number | null;
  mobile_exp: number | null;
  ios_exp: number | null;
  android_exp: number | null;
  ppt_exp: number | null;
  group_name: string | null;
  group_exp: number | null;
  group_mobile_exp: number | null;
  fuser: Generated<number>;
  is_99: Generated<number>;
  have_renew: Generated<number>;
  upgrade_time: number | null;
  started_at: number | null;
  updated_at: number;
  /** The grant whose attributes the record shows (docs/decisions/022, "Licences"). */
  grant_id: number;
}

/**
 * What one licence grant gave (docs/decisions/022, "Licences"): the ends it sets and the record
 * attributes it brings; null where it sets nothing. The `subscriptions` record is rebuilt from
 * the live ones.
 */
export interface LicenceGrantsTable {
  grant_id: number;
  user_id: number;
  product: SubscriptionProduct;
  type: SubscriptionType | null;
  name: string | null;
  version: string | null;
  order_type: number | null;
  product_id: number | null;
  order_no: string | null;
  channel: OrderChannel | null;
  win_exp: number | null;
  mac_exp: number | null;
  linux_exp: number | null;
  online_exp: number | null;
  mobile_exp: number | null;
  ios_exp: number | null;
  android_exp: number | null;
  ppt_exp: number | null;
  group_exp: number | null;
  group_mobile_exp: number | null;
  group_name: string | null;
  fuser: number | null;
  is_99: number | null;
  have_renew: number | null;
  upgrade_time: number | null;
  started_at: number | null;
}

/**
 * One thing given to a person (docs/decisions/022): a balance's points or credit with its own
 * remainder, or a licence, subscription period, coupon, course or seats. Times unix seconds.
 */
export interface GrantsTable {
  id: Generated<number>;
  user_id: number;
  kind: GrantKind;
  item: string | null;
  amount: number | null;
  remaining: number | null;
  starts_at: number | null;
  expires_at: number | null;
  source_kind: GrantSource;
  source_id: string;
  reason: string;
  granted_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  /** How a balance grant was acquired (AI points: the spec's acquisition label); null: other. */
  method: string | null;
}

/** One movement of a balance, never edited; a use of several grants is one row each. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: BalanceKind;
  grant_id: number | null;
  delta: number;
  reason: 'grant' | 'spend' | 'revoke' | 'expire';
  reference: string | null;
  created_at: number;
}

declare module '../../db/db.js' {
  /** The tables the grants module owns (docs/architecture.md#table-owners). */
  interface Database {
    subscriptions: SubscriptionsTable;
    grants: GrantsTable;
    ledger_entries: LedgerEntriesTable;
    licence_grants: LicenceGrantsTable;
  }
}
