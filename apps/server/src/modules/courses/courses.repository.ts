import type { CourseSaleWay } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { CoursesTable } from './courses.tables.js';
import type { Insertable } from 'kysely';

export type CourseValues = Omit<Insertable<CoursesTable>, 'id' | 'created_at'>;

/** Adds the course, or changes the one of that id (keeping when it was first added). */
export async function upsertCourse(db: Db, id: string, values: CourseValues, now: number): Promise<void> {
  await db
    .insertInto('courses')
    .values({ id, ...values, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export function findCourse(db: Db, id: string) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The courses of these ids that exist, in no particular order. */
export function findCourses(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'name_translations', 'product', 'sale_way', 'link_url', 'cover_url'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Up to `limit` courses other than `excluded`, of one way of sale when given; free ones first, then newest. */
export function otherCourses(db: Db, excluded: readonly string[], saleWay: CourseSaleWay | undefined, limit: number) {
  let query = db
    .selectFrom('courses')
    .select(['id', 'name', 'name_translations', 'sale_way', 'product', 'price', 'link_url', 'cover_url']);
  if (excluded.length > 0) query = query.where('id', 'not in', [...new Set(excluded)]);
  if (saleWay !== undefined) query = query.where('sale_way', '=', saleWay);
  return query.orderBy('sale_way').orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}
