import type { Db } from '../../db/database.js';

/** Whose key it is and where it was sent: the unique scope of a key. */
export interface KeyScope {
  userId: number;
  method: string;
  route: string;
  key: string;
}

/** A claim this instance holds: the row, as of the moment it was claimed. */
export interface Claim {
  id: number;
  createdAt: number;
}

/** What a claim is taken with: the request's fingerprint, the moment, and when the key expires. */
export interface ClaimTerms {
  fingerprint: string;
  now: number;
  expiresAt: number;
}

const claimOf = (row: { id: number; created_at: number } | undefined): Claim | null =>
  row ? { id: row.id, createdAt: row.created_at } : null;

const inScope = (scope: KeyScope) => ({
  user_id: scope.userId,
  method: scope.method,
  route: scope.route,
  idempotency_key: scope.key,
});

/**
 * Inserts the key as running; the unique scope decides between concurrent duplicates, on every
 * instance. No row back: the key is already there.
 */
export async function insertClaim(db: Db, scope: KeyScope, terms: ClaimTerms): Promise<Claim | null> {
  const { fingerprint, now, expiresAt } = terms;
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...inScope(scope), fingerprint, created_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['user_id', 'method', 'route', 'idempotency_key']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return claimOf(row);
}

export function findKey(db: Db, scope: KeyScope) {
  return db
    .selectFrom('idempotency_keys')
    .select(['id', 'fingerprint', 'response_status', 'response_body', 'created_at', 'expires_at', 'applied_at'])
    .where('user_id', '=', scope.userId)
    .where('method', '=', scope.method)
    .where('route', '=', scope.route)
    .where('idempotency_key', '=', scope.key)
    .executeTakeFirst();
}

/**
 * Takes over a key that has expired, or whose first request was abandoned (still running at
 * `abandonedBefore`: its instance died, and its work never committed). The condition is checked by the update itself, so of
 * several requests trying at once exactly one gets the row back.
 */
export async function retakeClaim(
  db: Db,
  id: number,
  terms: ClaimTerms,
  abandonedBefore: number,
): Promise<Claim | null> {
  const { fingerprint, now, expiresAt } = terms;
  const row = await db
    .updateTable('idempotency_keys')
    .set({
      fingerprint,
      created_at: now,
      expires_at: expiresAt,
      response_status: null,
      response_body: null,
      completed_at: null,
      applied_at: null,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([
          eb('response_status', 'is', null),
          eb('applied_at', 'is', null),
          eb('created_at', '<=', abandonedBefore),
        ]),
      ]),
    )
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return claimOf(row);
}

/** Stores what the claimed request answered; false when the claim is no longer ours. */
export async function completeClaim(db: Db, claim: Claim, status: number, body: string, now: number) {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body, completed_at: now })
    .where('id', '=', claim.id)
    .where('created_at', '=', claim.createdAt)
    .where('response_status', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the claim's work applied (in the work's transaction); false when the claim is no longer ours. */
export async function markClaimApplied(trx: Db, claim: Claim, now: number) {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({ applied_at: now })
    .where('id', '=', claim.id)
    .where('created_at', '=', claim.createdAt)
    .where('response_status', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Gives the key up, so that the client's retry runs the request again — unless its work was
 * applied. True when the key was given up.
 */
export async function releaseClaim(db: Db, claim: Claim) {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('id', '=', claim.id)
    .where('created_at', '=', claim.createdAt)
    .where('response_status', 'is', null)
    .where('applied_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Forgets every key past its window (the expiry index finds them). */
export async function deleteExpired(db: Db, now: number) {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
}
