import type { IncomeKind, IncomeProduct, WithdrawalState } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A movement of a template author's income (docs/decisions/034); fen, never edited. */
export interface IncomeEntriesTable {
  id: Generated<number>;
  user_id: number;
  product: IncomeProduct;
  kind: IncomeKind;
  /** What it adds to the author's income (negative for a reversal) = gross - fee. */
  amount: number;
  gross: number;
  fee: number;
  source_id: string;
  title: string;
  description: string;
  created_at: number;
  /** From when it can be withdrawn. */
  available_at: number;
  reverses_id: number | null;
  /** The title in other languages: JSON language → text (docs/decisions/058). */
  title_translations: Generated<string | null>;
}

/** A request to pay income out to an Alipay account (spec 01 §3 "Withdrawal request"). */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  /** Fen. */
  amount: number;
  state: WithdrawalState;
  zfb: string;
  name: string;
  mobile: string;
  identity_card_cipher: string;
  identity_card_mask: string;
  created_at: number;
  /** YYYY-MM-DD in China. */
  payout_on: string;
  settled_at: number | null;
  transfer_reference: string | null;
  failure_reason: string | null;
  /** A payout made by hand for a failed withdrawal of a closed account: the failed one's id. */
  repays_id: number | null;
}

declare module '../../db/db.js' {
  /** The tables the income module owns (docs/architecture.md#table-owners). */
  interface Database {
    income_entries: IncomeEntriesTable;
    withdrawals: WithdrawalsTable;
  }
}
