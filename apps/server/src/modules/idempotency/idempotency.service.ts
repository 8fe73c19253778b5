import { IdempotencyErrors, IDEMPOTENCY_KEY_WINDOW } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import * as repo from './idempotency.repository.js';
import type { Claim, KeyScope } from './idempotency.repository.js';

export type { Claim, KeyScope };

/**
 * A key still running this long after its claim was abandoned: its instance stopped between
 * the claim and storing the answer. No request runs for minutes (a client gives up long
 * before), so a live request is never taken over (docs/decisions/018).
 */
export const ABANDONED_AFTER = 300;

/** How long a duplicate waits for the first request to finish before it hears `in use`. */
export const IN_USE_WAIT_MS = 1000;

/** What a request with an idempotency key may do next. */
export type ClaimOutcome = { kind: 'claimed'; claim: Claim } | { kind: 'replay'; status: number; body: string };

export interface ClaimOptions {
  now: () => number;
  /** Milliseconds a duplicate waits for a running first request (IN_USE_WAIT_MS). */
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the key for this request, or finds what answers it instead (Stripe's semantics,
 * docs/architecture.md#idempotent-writes):
 * - a new key (or one past its 24 h window, or abandoned) is claimed: the request runs;
 * - the same request finished before: its stored answer is replayed;
 * - another request under the same key: 409 `idempotency key reused`;
 * - the same request still running elsewhere: wait a moment for its answer, then 409
 *   `idempotency key in use`; or, when its work is marked applied (committed) and still no
 *   answer has come, 409 `idempotency key applied`. Never a second run.
 * The claim is the unique index's decision, never a check followed by an insert.
 */
export async function claimKey(
  db: Db,
  scope: KeyScope,
  fingerprint: string,
  options: ClaimOptions,
): Promise<ClaimOutcome> {
  const deadline = Date.now() + (options.waitMs ?? IN_USE_WAIT_MS);
  await repo.deleteExpired(db, options.now());
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    const now = options.now();
    const terms = { fingerprint, now, expiresAt: now + IDEMPOTENCY_KEY_WINDOW };
    const claim = await repo.insertClaim(db, scope, terms);
    if (claim) return { kind: 'claimed', claim };

    const row = await repo.findKey(db, scope);
    // Released (its request failed) between the insert and this read: try to claim it again.
    if (!row) continue;
    const abandoned =
      row.response_status === null && row.applied_at === null && row.created_at <= now - ABANDONED_AFTER;
    if (row.expires_at <= now || abandoned) {
      const retaken = await repo.retakeClaim(db, row.id, terms, now - ABANDONED_AFTER);
      if (retaken) return { kind: 'claimed', claim: retaken };
      continue;
    }
    if (row.fingerprint !== fingerprint) throw appError(IdempotencyErrors.idempotencyKeyReused);
    if (row.response_status !== null && row.response_body !== null) {
      return { kind: 'replay', status: row.response_status, body: row.response_body };
    }
    if (Date.now() >= deadline) {
      // The mark commits with the work, so the work is done; only its answer is missing (its
      // instance died before storing it, or is slower than the wait). Saying so ends the retries:
      // "in use" would be repeated until the key's window closes, and the work must not run again.
      if (row.applied_at !== null) throw appError(IdempotencyErrors.idempotencyKeyApplied);
      throw appError(IdempotencyErrors.idempotencyKeyInUse);
    }
    await sleep(pause);
  }
}

/**
 * Marks the claimed key applied, inside the transaction of the request's work: the mark commits
 * with the work or not at all. A claim that is no longer this request's (taken over after it
 * was thought abandoned) refuses the work, whose transaction then rolls back.
 */
export async function markApplied(trx: Db, claim: Claim, now: number): Promise<void> {
  if (!(await repo.markClaimApplied(trx, claim, now))) {
    throw new Error(`idempotency key ${claim.id} is no longer held by this request`);
  }
}

/**
 * Settles a claimed key with what its request answered. Every answer — success or refusal
 * (4xx) — is stored and replayed, as Stripe does. A server failure (5xx) gives the key up so
 * the client's retry runs the request again, its transaction having rolled back; but when the
 * work was marked applied, the failure came after it committed, so that answer is stored too
 * and the work never runs again.
 */
export async function settleKey(db: Db, claim: Claim, status: number, body: string | null, now: number) {
  if (status < 500 && body !== null) {
    await repo.completeClaim(db, claim, status, body, now);
    return;
  }
  const released = await repo.releaseClaim(db, claim);
  // An applied key without a stored answer (not JSON) stays running: duplicates hear `in use`.
  if (!released && body !== null) await repo.completeClaim(db, claim, status, body, now);
}
