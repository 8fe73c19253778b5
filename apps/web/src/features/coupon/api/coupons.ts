import { bindCouponRoute, getCouponsRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../lib/api';

export type Coupon = RouteReply<typeof getCouponsRoute>['data'][number];

/** Under the user's prefix, so a redeemed gift code (which may give a coupon) fetches it again. */
const couponKeys = { held: (userId: number) => ['user', userId, 'coupons'] as const };

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

/**
 * Binds a coupon code (spec 01 §7 activeCoupon); `replace` once the person confirmed swapping.
 * Sent again after a lost answer, the same request keeps its Idempotency-Key.
 */
export function useBindCoupon(userId: number) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: ({ code, replace }: { code: string; replace: boolean }) => {
      const body = replace ? { code, replace } : { code };
      return sendOnce(body, (requestKey) =>
        apiCall(bindCouponRoute, { params: { userId }, body, headers: { 'Idempotency-Key': requestKey } }),
      ).then((reply) => reply.data);
    },
    onSuccess: (coupon) => queryClient.setQueryData(couponKeys.held(userId), [coupon]),
  });
}
