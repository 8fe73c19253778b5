import type { StorageArea } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** Cloud storage per user and area (spec 01 §3 "Storage"), bytes. */
export interface StorageQuotasTable {
  user_id: number;
  area: StorageArea;
  max_bytes: number;
  used_bytes: Generated<number>;
  updated_at: number;
}

declare module '../../db/db.js' {
  /** The tables the subscriptions module owns (docs/architecture.md#table-owners). */
  interface Database {
    storage_quotas: StorageQuotasTable;
  }
}
