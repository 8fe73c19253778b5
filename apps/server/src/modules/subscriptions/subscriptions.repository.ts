import type { StorageArea } from '@account-centre/contract';
import type { Db } from '../../db/database.js';

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
