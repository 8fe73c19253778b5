import type { Generated } from 'kysely';

/**
 * An idempotency key of a signed-in write (docs/decisions/018), unique per user, method,
 * route and key. The response columns are NULL while the first request runs.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  method: string;
  /** The route's path pattern (`/api/user/:userId/invoice`); its parameters are in the fingerprint. */
  route: string;
  /** SHA-256 (hex) of the canonical JSON of the path parameters, query and body. */
  fingerprint: string;
  response_status: number | null;
  /** The answer's JSON text, exactly as it was sent. */
  response_body: string | null;
  /** When the key was claimed (or claimed again after its first request was abandoned). */
  created_at: number;
  completed_at: number | null;
  expires_at: number;
  /**
   * When the request's work committed, marked in the work's own transaction; a key with it is
   * never run again, even if its answer was never stored.
   */
  applied_at: number | null;
}

declare module '../../db/db.js' {
  /** The tables the idempotency module owns (docs/architecture.md#table-owners). */
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}
