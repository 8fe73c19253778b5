import { defineModule } from '../manifest.js';
import { courseDefineCommand, courseGrantCommand } from './courses.commands.js';
import { courseRoutes } from './courses.routes.js';

/**
 * The academy's courses (spec 01 §2 "Courses screen", §3): the catalogue here; who holds a
 * course is a `course` grant of the grants module (a purchase, a gift code, an operator).
 */
export const coursesModule = defineModule({
  name: 'courses',
  routes: [courseRoutes],
  commands: [courseDefineCommand, courseGrantCommand],
  tables: {
    courses: { personal: false, why: 'what the academy offers; who holds a course is a grant' },
  },
});

// The door: what other modules read of the academy (docs/architecture.md#module-doors).
export { findCourse } from './courses.repository.js';
