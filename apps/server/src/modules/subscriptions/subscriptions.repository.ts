import { CANCELLABLE_PRODUCT_IDS, type StorageArea, type SubscriptionProduct } from '@account-centre/contract';
import { type Insertable, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SubscriptionsTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ExpiryColumn =
  | 'win_exp'
  | 'mac_exp'
  | 'linux_exp'
  | 'online_exp'
  | 'mobile_exp'
  | 'ios_exp'
  | 'android_exp'
  | 'ppt_exp'
  | 'group_exp'
  | 'group_mobile_exp';

export function listSubscriptions(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export function findSubscription(db: Db, userId: number, product: SubscriptionProduct) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .executeTakeFirst();
}

/**
 * Extends an expiry column by `seconds` in the statement itself: from the current end while it
 * lies ahead, from now once it has passed, and never past forever. Two concurrent extensions
 * both count, because each reads the row the other one wrote.
 */
export function extendedExpiry(
  column: ExpiryColumn,
  seconds: number,
  now: number,
  foreverThreshold: number,
): RawBuilder<number> {
  const current = sql.ref(`subscriptions.${column}`);
  return sql<number>`CASE WHEN ${current} >= ${foreverThreshold} THEN ${current} WHEN ${current} > ${now} THEN ${current} + ${seconds} ELSE ${now + seconds} END`;
}

/**
 * Creates the record of a product or changes the existing one in one statement (the primary
 * key on user and product decides which), returning the record as it is afterwards.
 */
export function upsertSubscription(
  db: Db,
  insert: Insertable<SubscriptionsTable>,
  update: Updateable<SubscriptionsTable> | Record<string, unknown>,
) {
  return db
    .insertInto('subscriptions')
    .values(insert)
    .onConflict((oc) => oc.columns(['user_id', 'product']).doUpdateSet(update as Updateable<SubscriptionsTable>))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stops a subscription renewing itself, once: only a renewing subscription of the cancellable
 * product ids changes (spec 01 §6). No row back → nothing to cancel.
 */
export function cancelRenewal(db: Db, userId: number, product: SubscriptionProduct, now: number) {
  return db
    .updateTable('subscriptions')
    .set({ have_renew: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .where('have_renew', '=', 1)
    .where('type', '=', 'subs')
    .where('product_id', 'in', [...CANCELLABLE_PRODUCT_IDS])
    .returningAll()
    .executeTakeFirst();
}

export function listStorage(db: Db, userId: number) {
  return db
    .selectFrom('storage_quotas')
    .select(['area', 'max_bytes', 'used_bytes'])
    .where('user_id', '=', userId)
    .execute();
}

export function upsertStorage(
  db: Db,
  row: { user_id: number; area: StorageArea; max_bytes: number; used_bytes: number; updated_at: number },
  set: { max_bytes?: number; used_bytes?: number },
) {
  return db
    .insertInto('storage_quotas')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'area']).doUpdateSet({ ...set, updated_at: row.updated_at }))
    .returning(['area', 'max_bytes', 'used_bytes'])
    .executeTakeFirstOrThrow();
}
