import type { Generated } from 'kysely';

/** Secrets a user signs in with, one row per kind (`password` today). */
export interface CredentialsTable {
  user_id: number;
  kind: 'password';
  secret_hash: string;
  updated_at: number;
}

/** A signed-in session: one refresh-token family, on one device. */
export interface SessionsTable {
  id: string;
  user_id: number;
  device_id: string | null;
  user_agent: string | null;
  ip: string | null;
  method: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  /**
   * Set when the token was used to rotate. Within the grace window a racing duplicate still
   * gets a fresh pair of the same session; after it, reuse revokes the whole session.
   */
  rotated_at: number | null;
  /** The access token issued with this one: it stops working when this one is rotated. */
  access_token_hash: string | null;
}

export interface AccessTokensTable {
  token_hash: string;
  session_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  purpose: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/** Per-target send window: spacing between sends and the daily count, enforced by one UPDATE. */
export interface CodeSendWindowsTable {
  target: string;
  last_sent_at: number;
  day_started_at: number;
  day_count: number;
}

export interface LoginTicketsTable {
  ticket_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Sign-in counters per key, shared by every instance (docs/decisions/015): `ip:<ip>`,
 * `pair:<account hash>@<ip>` (an account at one address) and `account:<x>` (the account at
 * every address, which slows down instead of locking).
 */
export interface LoginThrottleTable {
  key: string;
  window_started_at: number;
  failures: number;
  /** Locked (or, for an account's own row, made to wait) until then. */
  locked_until: number | null;
  /** The account a row is about; NULL for an address's own row. */
  account: string | null;
  /** The last try under an account's own row: its count is forgotten after a quiet spell. */
  last_try_at: number | null;
}

declare module '../../db/db.js' {
  /** The tables the auth module owns (docs/architecture.md#table-owners). */
  interface Database {
    credentials: CredentialsTable;
    sessions: SessionsTable;
    refresh_tokens: RefreshTokensTable;
    access_tokens: AccessTokensTable;
    verification_codes: VerificationCodesTable;
    code_send_windows: CodeSendWindowsTable;
    login_tickets: LoginTicketsTable;
    login_throttle: LoginThrottleTable;
  }
}
