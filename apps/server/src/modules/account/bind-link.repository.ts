import type { Db } from '../../db/database.js';
import type { PhoneBindLinksTable } from './account.tables.js';

/** Makes the account's link, replacing any earlier one (one per account: the primary key). */
export function upsertLink(db: Db, link: Omit<PhoneBindLinksTable, 'used_at'>) {
  return db
    .insertInto('phone_bind_links')
    .values({ ...link, used_at: null })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        token_hash: link.token_hash,
        created_at: link.created_at,
        expires_at: link.expires_at,
        used_at: null,
      }),
    )
    .execute();
}

export function findLinkOfUser(db: Db, userId: number) {
  return db
    .selectFrom('phone_bind_links')
    .select(['expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The link of a token's hash. An indexed equality on a hash: how long it takes says nothing
 * about which tokens exist (and there are 2^256 of them to try).
 */
export function findLinkByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('phone_bind_links')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses a link up: the row changes once, so of two submits racing with one link only one gets
 * it back (docs/architecture.md#invariants: claim a one-time thing).
 */
export function claimLink(db: Db, tokenHash: string, userId: number, now: number) {
  return db
    .updateTable('phone_bind_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}
