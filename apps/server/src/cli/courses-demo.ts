import type { CourseProduct, CourseSaleWay } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { defineCourse, giveCourse } from '../modules/courses/courses.service.js';
import { recordOrder } from '../modules/orders/orders.service.js';

const ACADEMY = 'https://academy.example.com/courses';

/** The academy's demo catalogue: each way of sale, both products. */
const DEMO_COURSES: readonly [
  id: string,
  name: string,
  product: CourseProduct,
  saleWay: CourseSaleWay,
  price: number,
][] = [
  ['mind-first-steps', 'Mind maps: first steps', 'mind', 1, 0],
  ['flowchart-basics', 'Flowchart basics', 'max', 1, 0],
  ['uml-week', 'UML in a week', 'max', 2, 0],
  ['mind-study-notes', 'Study notes with mind maps', 'mind', 3, 0],
  ['org-chart-teams', 'Org charts for growing teams', 'max', 3, 0],
  ['infographic-design', 'Designing infographics', 'max', 4, 9_900],
  ['mind-project-planning', 'Planning projects with mind maps', 'mind', 4, 12_800],
];

/**
 * The academy's courses, and two held by the demo account — a paid one it bought (a course order,
 * so it is in the order history too) and a members' one it can watch while its licences run — so
 * both sections of the courses screen show.
 */
export async function seedCoursesDemo(db: Db, userId: number, now: number): Promise<void> {
  for (const [id, name, product, saleWay, price] of DEMO_COURSES) {
    await defineCourse(db, { id, name, product, saleWay, price, link: `${ACADEMY}/${id}` }, now);
  }
  // Each part of the demo is idempotent: the course order has a number of its own, made once.
  const orderNo = `DEMO-LESSON-${userId}`;
  const ordered = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
  if (ordered) return;
  await recordOrder(
    db,
    {
      orderNo,
      userId,
      tellBuyer: false,
      product: 'maxlessonRecord',
      type: 1,
      productName: 'Designing infographics',
      amount: 9_900,
      channel: 'online',
      orderedAt: now - 20 * 86_400,
      course: 'infographic-design',
    },
    now - 20 * 86_400,
  );
  await db
    .transaction()
    .execute((trx) => giveCourse(trx, userId, 'mind-study-notes', 'demo: a members’ course', now - 3 * 86_400));
}
