import type { Generated } from 'kysely';

/** An exchange code of a form (spec 01 §2 `form_name`); `user_id` set once it is handed out. */
export interface ExchangeCodesTable {
  id: Generated<number>;
  form_name: string;
  code: string;
  user_id: number | null;
  claimed_at: number | null;
  created_at: number;
}

/** A one-time link that binds a phone to an account (migration 701, docs/decisions/009). */
export interface PhoneBindLinksTable {
  user_id: number;
  /** SHA-256 of the token (lib/secrets hashToken); the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Every number of users.mobile and users.second_mobile, kept by triggers (migration 701). */
export interface PhoneNumbersTable {
  mobile: string;
  user_id: number;
}

declare module '../../db/db.js' {
  /** The tables the account module owns (docs/architecture.md#table-owners). */
  interface Database {
    exchange_codes: ExchangeCodesTable;
    phone_bind_links: PhoneBindLinksTable;
    phone_numbers: PhoneNumbersTable;
  }
}
