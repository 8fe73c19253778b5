import { type SubscriptionProduct, cancelSubscriptionRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { orderKeys } from './keys';

/**
 * Stops a subscription renewing itself (PUT …/subscription/scheme-cancel). Sent again after a
 * lost answer, it keeps its Idempotency-Key and gets the first answer back.
 */
export function useCancelSubscription(userId: number) {
  const queryClient = useQueryClient();
  const cancel = useIdempotentCall(cancelSubscriptionRoute, { userId });
  return useMutation({
    mutationFn: (product: SubscriptionProduct) => cancel({ product }).then((reply) => reply.data),
    // The card's actions (cancel gone, renew back) come from the licence rows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.licences(userId) }),
  });
}
