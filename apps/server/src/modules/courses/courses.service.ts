import {
  COURSE_ID_PATTERN,
  type CourseProduct,
  courseProducts,
  type CourseSaleWay,
  courseSaleWays,
  courseSaleWayValues,
  courseValidity,
  isVip,
  type PurchasedCourse,
  type RecommendedCourse,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import {
  normaliseLocalised,
  type Reader,
  readLocalised,
  storedTranslations,
  type Translations,
} from '../../lib/localised-text.js';
import { grant } from '../grants/grants.service.js';
import { subscriptionRecords } from '../subscriptions/subscriptions.service.js';

export interface CourseInput {
  id: string;
  /** The name where none of `nameTranslations` matches the reader (default: the English one). */
  name?: string | undefined;
  /** The name in the languages it is given in (docs/decisions/058). */
  nameTranslations?: Translations | undefined;
  product: CourseProduct;
  saleWay: CourseSaleWay;
  /** Fen. */
  price: number;
  link: string;
  cover?: string | null;
}

const httpAddress = (text: string) => /^https:\/\/[^\s/]+(\/\S*)?$/.test(text) && text.length <= 500;

function courseName(text: string): string {
  const name = text.trim();
  if (name.length === 0 || name.length > 200) throw operatorInputError('name: 1 to 200 characters');
  return name;
}

function checkCourse(input: CourseInput): void {
  if (!new RegExp(COURSE_ID_PATTERN).test(input.id)) throw operatorInputError('id: 1 to 40 letters, digits, - or _');
  if (!courseProducts.includes(input.product)) throw operatorInputError('product: max or mind');
  if (!courseSaleWayValues.includes(input.saleWay)) throw operatorInputError('sale way: 1, 2, 3 or 4');
  if (!Number.isSafeInteger(input.price) || input.price < 0) throw operatorInputError('price: whole fen, 0 or more');
  const paid = input.saleWay === courseSaleWays.paid;
  if (paid !== input.price > 0) throw operatorInputError('a paid course has a price; any other is free (price 0)');
  if (!httpAddress(input.link)) throw operatorInputError('link: an https address');
  if (input.cover != null && !httpAddress(input.cover)) throw operatorInputError('cover: an https address');
}

/** Operator: adds a course to the academy, or changes one (by its id). */
export async function defineCourse(db: Db, input: CourseInput, now: number) {
  checkCourse(input);
  const name = normaliseLocalised({ text: input.name, translations: input.nameTranslations }, courseName);
  const values = {
    name: name.text,
    name_translations: storedTranslations(name.translations),
    product: input.product,
    sale_way: input.saleWay,
    price: input.price,
    link_url: input.link,
    cover_url: input.cover ?? null,
    updated_at: now,
  };
  await db
    .insertInto('courses')
    .values({ id: input.id, ...values, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return db.selectFrom('courses').selectAll().where('id', '=', input.id).executeTakeFirstOrThrow();
}

/** Operator: gives a person a course for good (a purchase made elsewhere, a goodwill gesture). */
export async function giveCourse(trx: Db, userId: number, courseId: string, reason: string, now: number) {
  const course = await trx.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst();
  if (!course) throw operatorInputError('no such course');
  return grant(
    trx,
    userId,
    { kind: 'course', item: course.id },
    { kind: 'operator', id: `course:${course.id}:${userId}`, reason },
    now,
  );
}

/**
 * The courses a person holds, newest first and each once, with whether each can be watched now: a course for
 * good always, a members' course while the account is a member (spec 01 §6, the contract's VIP
 * rule over the account's licences).
 */
export async function purchasedCourses(
  db: Db,
  userId: number,
  now: number,
  reader: Reader,
): Promise<Static<typeof PurchasedCourse>[]> {
  const rows = await db
    .selectFrom('grants as g')
    .innerJoin('courses as c', 'c.id', 'g.item')
    .select(['c.id', 'c.name', 'c.name_translations', 'c.product', 'c.sale_way', 'c.link_url', 'c.cover_url'])
    .where('g.user_id', '=', userId)
    .where('g.kind', '=', 'course')
    .where('g.revoked_at', 'is', null)
    .orderBy('g.granted_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  // A course held twice (bought, and given by a code) is listed once, as of its latest grant.
  const seen = new Set<string>();
  const held = rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  const member = held.some((row) => courseValidity(row.sale_way) === 'membership')
    ? isVip(await subscriptionRecords(db, userId), now)
    : false;
  return held.map((row) => {
    const validity = courseValidity(row.sale_way);
    return {
      lesson_id: row.id,
      lesson_name: readLocalised(row.name, row.name_translations, reader),
      lesson_product: row.product,
      sale_way: row.sale_way,
      validity,
      watchable: validity === 'permanent' || member,
      link: row.link_url,
      cover: row.cover_url,
    };
  });
}

/** The academy's courses a person does not hold, of one way of sale when asked; free ones first. */
export async function recommendedCourses(
  db: Db,
  userId: number,
  saleWay: CourseSaleWay | undefined,
  reader: Reader,
): Promise<Static<typeof RecommendedCourse>[]> {
  let query = db
    .selectFrom('courses as c')
    .select([
      'c.id',
      'c.name',
      'c.name_translations',
      'c.sale_way',
      'c.product',
      'c.price',
      'c.link_url',
      'c.cover_url',
    ])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('grants as g')
            .select('g.id')
            .whereRef('g.item', '=', 'c.id')
            .where('g.kind', '=', 'course')
            .where('g.user_id', '=', userId)
            .where('g.revoked_at', 'is', null),
        ),
      ),
    );
  if (saleWay !== undefined) query = query.where('c.sale_way', '=', saleWay);
  const rows = await query.orderBy('c.sale_way').orderBy('c.created_at', 'desc').orderBy('c.id').limit(30).execute();
  return rows.map((row) => ({
    id: row.id,
    name: readLocalised(row.name, row.name_translations, reader),
    sale_way: row.sale_way,
    jump_product: row.product,
    price: row.price,
    link: row.link_url,
    cover: row.cover_url,
  }));
}
