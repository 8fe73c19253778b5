import { listPurchasedCoursesRoute, listRecommendedCoursesRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export type PurchasedCourse = RouteReply<typeof listPurchasedCoursesRoute>['data'][number];
export type RecommendedCourse = RouteReply<typeof listRecommendedCoursesRoute>['data'][number];

/** Under the user's prefix, so a course given by a redeemed gift code shows here too. */
const courseKeys = {
  all: (userId: number) => ['user', userId, 'courses'] as const,
  purchased: (userId: number) => [...courseKeys.all(userId), 'purchased'] as const,
  recommended: (userId: number) => [...courseKeys.all(userId), 'recommended'] as const,
};

/** The courses the account holds (getPurchasedCourse). */
export function usePurchasedCourses(userId: number) {
  return useQuery({
    queryKey: courseKeys.purchased(userId),
    queryFn: ({ signal }) =>
      apiCall(listPurchasedCoursesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}

/** The academy's other courses, of every way of sale (getRecommendCourse). */
export function useRecommendedCourses(userId: number) {
  return useQuery({
    queryKey: courseKeys.recommended(userId),
    queryFn: ({ signal }) =>
      apiCall(listRecommendedCoursesRoute, { params: { userId }, query: {}, signal }).then((reply) => reply.data),
  });
}
