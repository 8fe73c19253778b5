import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { literals, strict } from '../http/schema.js';
import { courseProducts } from '../rules/courses.js';
import { UserIdParams } from './user.routes.js';

/** 1 free, 2 limited-time free, 3 free for members, 4 paid; an integer first, so a query's text is read as a number. */
const saleWay = () => Type.Integer({ enum: [1, 2, 3, 4] });

/** A course the account holds (spec 01 §3 "Course purchased"), with what the screen shows of it. */
export const PurchasedCourse = Type.Object({
  lesson_id: Type.String(),
  lesson_name: Type.String(),
  lesson_product: literals(courseProducts),
  sale_way: saleWay(),
  /** For good, or while the account is a member. */
  validity: Type.Enum(['permanent', 'membership']),
  /** False for a members' course once the membership has ended: shown locked, with renewal. */
  watchable: Type.Boolean(),
  link: Type.String(),
  cover: Type.Union([Type.String(), Type.Null()]),
});

/** A course offered to the account (spec 01 §3 "Course recommended"). */
export const RecommendedCourse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sale_way: saleWay(),
  jump_product: literals(courseProducts),
  /** Fen; 0 for a free course. */
  price: Type.Integer({ minimum: 0 }),
  link: Type.String(),
  cover: Type.Union([Type.String(), Type.Null()]),
});

export const listPurchasedCoursesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/academy/purchased',
  summary: 'The academy courses the account holds, newest first (getPurchasedCourse)',
  tags: ['courses'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Array(PurchasedCourse)),
});

export const listRecommendedCoursesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/academy/recommend',
  summary: 'Courses of the academy the account does not hold, of one way of sale when asked (getRecommendCourse)',
  tags: ['courses'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object({ sale_way: Type.Optional(saleWay()) }, strict),
  reply: Envelope(Type.Array(RecommendedCourse)),
});
