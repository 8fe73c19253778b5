import { getTeamRoute, type RouteReply, type TeamProduct } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { teamKeys } from './keys';

export type TeamInfo = NonNullable<RouteReply<typeof getTeamRoute>['data']>;

/** The user's team of a product, with their role in it; null without one (getGroupInfo). */
export function teamInfoQueryOptions(userId: number, product: TeamProduct) {
  return queryOptions({
    queryKey: teamKeys.info(userId, product),
    queryFn: ({ signal }) => apiCall(getTeamRoute, { params: { userId, product }, signal }).then((reply) => reply.data),
    // Spec 02 §2: the page reads its team info again whenever the tab becomes visible.
    refetchOnWindowFocus: 'always',
  });
}
