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
import { giveBenefit } from '../benefits/index.js';
import { standingGrants } from '../grants/index.js';
import { subscriptionRecords } from '../subscriptions/index.js';
import * as repo from './courses.repository.js';

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
  await repo.upsertCourse(db, input.id, values, now);
  const course = await repo.findCourse(db, input.id);
  if (!course) throw new Error(`course ${input.id} vanished as it was written`);
  return course;
}

/** Operator: gives a person a course for good (a purchase made elsewhere, a goodwill gesture). */
export async function giveCourse(trx: Db, userId: number, courseId: string, reason: string, now: number) {
  const course = await repo.findCourse(trx, courseId);
  if (!course) throw operatorInputError('no such course');
  return giveBenefit(
    trx,
    userId,
    { kind: 'course', course: course.id },
    { kind: 'operator', id: `course:${course.id}:${userId}`, reason },
    now,
  );
}

/** The ids of the courses a person holds, by their grants, newest grant first (a course may repeat). */
async function heldCourseIds(db: Db, userId: number): Promise<string[]> {
  const grants = await standingGrants(db, userId, 'course');
  return grants.flatMap((held) => (held.item === null ? [] : [held.item]));
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
  const heldIds = await heldCourseIds(db, userId);
  const courses = new Map((await repo.findCourses(db, heldIds)).map((course) => [course.id, course]));
  // A course held twice (bought, and given by a code) is listed once, as of its latest grant;
  // a grant of a course no longer in the academy lists nothing.
  const held = [...new Set(heldIds)].flatMap((id) => courses.get(id) ?? []);
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
  const rows = await repo.otherCourses(db, await heldCourseIds(db, userId), saleWay, 30);
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
