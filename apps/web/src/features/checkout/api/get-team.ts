import { getTeamRoute, type RouteReply, type TeamProduct } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { checkoutKeys } from './keys';

export type TeamToGrow = NonNullable<RouteReply<typeof getTeamRoute>['data']>;

/**
 * The user's team of a product, with their role and its places (getGroupInfo): whom the seats of
 * an upgrade are for. Null when the user has no team of the product.
 */
export function useTeamOfProduct(userId: number, product: TeamProduct, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: checkoutKeys.team(userId, product),
    queryFn: ({ signal }) => apiCall(getTeamRoute, { params: { userId, product }, signal }).then((reply) => reply.data),
  });
}
