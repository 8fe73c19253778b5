import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CouponsTable } from './coupons.tables.js';

export type CouponRow = Selectable<CouponsTable>;

export function insertCoupon(db: Db, values: Insertable<CouponsTable>): Promise<CouponRow> {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}
