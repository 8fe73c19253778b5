import { bindCouponRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { couponKeys } from './keys';

/**
 * Binds a coupon code (spec 01 §7 activeCoupon); `replace` once the person confirmed swapping.
 * Sent again after a lost answer, the same request keeps its Idempotency-Key.
 */
export function useBindCoupon(userId: number) {
  const queryClient = useQueryClient();
  const bind = useIdempotentCall(bindCouponRoute, { userId });
  return useMutation({
    mutationFn: ({ code, replace }: { code: string; replace: boolean }) =>
      bind(replace ? { code, replace } : { code }).then((reply) => reply.data),
    onSuccess: (coupon) => queryClient.setQueryData(couponKeys.held(userId), [coupon]),
  });
}
