/**
 * Courses of the academy (spec 01 §2 "Courses screen", §3 "Course purchased", "Course
 * recommended", §6: VIP affects course access).
 */

/** How a course is offered (spec 01 §3 `sale_way`). */
export const courseSaleWays = { free: 1, limitedFree: 2, memberFree: 3, paid: 4 } as const;
export type CourseSaleWay = (typeof courseSaleWays)[keyof typeof courseSaleWays];
export const courseSaleWayValues = Object.values(courseSaleWays) as CourseSaleWay[];

/** The product a course teaches (`lesson_product`, `jump_product`): diagram or mind map. */
export const courseProducts = ['max', 'mind'] as const;
export type CourseProduct = (typeof courseProducts)[number];

/**
 * How long a course held can be watched: for good, or while the account is a member (a course
 * free for members, spec 01 §2 "during the membership period").
 */
export type CourseValidity = 'permanent' | 'membership';

export function courseValidity(saleWay: CourseSaleWay): CourseValidity {
  return saleWay === courseSaleWays.memberFree ? 'membership' : 'permanent';
}

/** Lesson ids: letters, digits, `-` and `_`, as the academy writes them. */
export const COURSE_ID_PATTERN = '^[A-Za-z0-9_-]{1,40}$';
