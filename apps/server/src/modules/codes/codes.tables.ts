import type { RedeemCodeKind } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A batch of redeemable codes: what each redemption gives and how often (issue 12). */
export interface CodeBatchesTable {
  id: Generated<number>;
  kind: RedeemCodeKind;
  label: string;
  /** JSON of the codes module's `Benefit`. */
  benefit: string;
  usage_limit: number;
  valid_from: number | null;
  valid_until: number | null;
  created_at: number;
  disabled_at: number | null;
}

/** A code of a batch, by its keyed digest; `uses` never passes the batch's limit. */
export interface RedeemCodesTable {
  id: Generated<number>;
  batch_id: number;
  digest: string;
  hint: string;
  uses: Generated<number>;
  created_at: number;
  disabled_at: number | null;
}

/** One account's use of one code. */
export interface CodeRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  redeemed_at: number;
}

/** Every try to redeem a code, good or bad. */
export interface CodeAttemptsTable {
  id: Generated<number>;
  user_id: number | null;
  ip: string;
  code_id: number | null;
  outcome: string;
  attempted_at: number;
}

declare module '../../db/db.js' {
  /** The tables the codes module owns (docs/architecture.md#table-owners). */
  interface Database {
    code_batches: CodeBatchesTable;
    redeem_codes: RedeemCodesTable;
    code_redemptions: CodeRedemptionsTable;
    code_attempts: CodeAttemptsTable;
  }
}
