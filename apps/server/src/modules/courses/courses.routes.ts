import { listPurchasedCoursesRoute, listRecommendedCoursesRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { purchasedCourses, recommendedCourses } from './courses.service.js';

/** The academy's courses as the account sees them (spec 01 §7 getPurchasedCourse, getRecommendCourse). */
export async function courseRoutes(app: FastifyInstance) {
  registerRoute(app, listPurchasedCoursesRoute, async ({ caller }) =>
    ok(await purchasedCourses(app.db, caller.userId, app.clock.now(), caller)),
  );
  registerRoute(app, listRecommendedCoursesRoute, async ({ caller, query }) =>
    ok(await recommendedCourses(app.db, caller.userId, query.sale_way as 1 | 2 | 3 | 4 | undefined, caller)),
  );
}
