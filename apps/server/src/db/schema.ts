import type { Generated } from 'kysely';

/** Times are unix seconds; ids of users are integers, of sessions random strings. */
export interface UsersTable {
  id: Generated<number>;
  region: 'domestic' | 'overseas';
  email: string | null;
  mobile: string | null;
  second_mobile: string | null;
  nick_name: string;
  avatar_url: string | null;
  profile: string | null;
  birthday: string | null;
  sex: 'male' | 'female' | null;
  country: string | null;
  language: string | null;
  created_at: number;
  updated_at: number;
}

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

/** Failed sign-in counters per key (`account:<x>`, `ip:<x>`), shared by every instance. */
export interface LoginThrottleTable {
  key: string;
  window_started_at: number;
  failures: number;
  locked_until: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  attempts: number;
  last_error: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  created_at: number;
}

/** Header activity tags (spec 02 §2): one per position and region, optionally time-boxed. */
export interface ActivityTagsTable {
  position: number;
  region: 'domestic' | 'overseas' | 'all';
  name: string;
  url: string;
  starts_at: number | null;
  ends_at: number | null;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  access_tokens: AccessTokensTable;
  verification_codes: VerificationCodesTable;
  code_send_windows: CodeSendWindowsTable;
  login_tickets: LoginTicketsTable;
  login_throttle: LoginThrottleTable;
  outbox: OutboxTable;
  audit_events: AuditEventsTable;
  activity_tags: ActivityTagsTable;
}
