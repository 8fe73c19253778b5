import { listPurchasedCoursesRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { courseKeys } from './keys';

export type PurchasedCourse = RouteReply<typeof listPurchasedCoursesRoute>['data'][number];

/** The courses the account holds (getPurchasedCourse). */
export function usePurchasedCourses(userId: number) {
  return useQuery({
    queryKey: courseKeys.purchased(userId),
    queryFn: ({ signal }) =>
      apiCall(listPurchasedCoursesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
