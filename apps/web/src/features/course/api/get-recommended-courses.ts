import { listRecommendedCoursesRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { courseKeys } from './keys';

export type RecommendedCourse = RouteReply<typeof listRecommendedCoursesRoute>['data'][number];

/** The academy's other courses, of every way of sale (getRecommendCourse). */
export function useRecommendedCourses(userId: number) {
  return useQuery({
    queryKey: courseKeys.recommended(userId),
    queryFn: ({ signal }) =>
      apiCall(listRecommendedCoursesRoute, { params: { userId }, query: {}, signal }).then((reply) => reply.data),
  });
}
