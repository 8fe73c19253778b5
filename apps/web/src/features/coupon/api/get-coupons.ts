import { getCouponsRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { couponKeys } from './keys';

export type Coupon = RouteReply<typeof getCouponsRoute>['data'][number];

/** The coupon the account holds: a list of none or one (spec 01 §7 getCounpon). */
export const heldCouponsOptions = (userId: number) =>
  queryOptions({
    queryKey: couponKeys.held(userId),
    queryFn: ({ signal }) => apiCall(getCouponsRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });

/** Asked only when signed in (`userId` null: not). */
export function useHeldCoupons(userId: number | null) {
  return useQuery({ ...heldCouponsOptions(userId ?? 0), enabled: userId !== null });
}
