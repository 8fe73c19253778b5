import type { Generated } from 'kysely';

/** A template bought with template credit; price in fen. */
export interface TemplateCreditSpendsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  template_id: string;
  work_title: string;
  /** The title in other languages (docs/decisions/058); null when bought under one. */
  work_title_translations: Generated<string | null>;
  price: number;
}

declare module '../../db/db.js' {
  /** The tables the template-credit module owns (docs/architecture.md#table-owners). */
  interface Database {
    template_credit_spends: TemplateCreditSpendsTable;
  }
}
