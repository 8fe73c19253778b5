import type { Generated } from 'kysely';

/** An account's AI point uses so far and its unlimited use (docs/decisions/030). */
export interface AiPointAccountsTable {
  user_id: number;
  usage_count: Generated<number>;
  unlimited_until: number | null;
  updated_at: number;
}

/** One use of AI points, numbered among the account's uses by `seq`. */
export interface AiPointUsagesTable {
  id: Generated<number>;
  user_id: number;
  seq: number;
  created_at: number;
  product_type: number;
  feature_code: number;
  points: number;
  after_point: number;
  unlimited: Generated<number>;
}

declare module '../../db/db.js' {
  /** The tables the points module owns (docs/architecture.md#table-owners). */
  interface Database {
    ai_point_accounts: AiPointAccountsTable;
    ai_point_usages: AiPointUsagesTable;
  }
}
