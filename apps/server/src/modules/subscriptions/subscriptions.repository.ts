import type { StorageArea, SubscriptionProduct } from '@account-centre/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SubscriptionsTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

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
