/** A third-party sign-in bound to an account (spec 01 §5). */
export interface IdentitiesTable {
  provider: 'weixin' | 'qq' | 'weibo' | 'google' | 'facebook';
  subject: string;
  user_id: number;
  created_at: number;
}

/** A started third-party sign-in or bind, claimed once by its callback (docs/decisions/008). */
export interface OAuthFlowsTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  provider: IdentitiesTable['provider'];
  purpose: 'bind' | 'sign-in' | 'close';
  user_id: number | null;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

declare module '../../db/db.js' {
  /** The tables the oauth module owns (docs/architecture.md#table-owners). */
  interface Database {
    identities: IdentitiesTable;
    oauth_flows: OAuthFlowsTable;
  }
}
