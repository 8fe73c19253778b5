import type { CourseProduct, CourseSaleWay } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { defineCourse, giveCourse } from '../modules/courses/courses.service.js';

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
 * The academy's courses, and two held by the demo account (a paid one for good, a members' one
 * it can watch while its licences run), so both sections of the courses screen show.
 */
export async function seedCoursesDemo(db: Db, userId: number, now: number): Promise<void> {
  for (const [id, name, product, saleWay, price] of DEMO_COURSES) {
    await defineCourse(db, { id, name, product, saleWay, price, link: `${ACADEMY}/${id}` }, now);
  }
  await db.transaction().execute(async (trx) => {
    await giveCourse(trx, userId, 'infographic-design', 'demo: bought', now - 20 * 86_400);
    await giveCourse(trx, userId, 'mind-study-notes', 'demo: a members’ course', now - 3 * 86_400);
  });
}
