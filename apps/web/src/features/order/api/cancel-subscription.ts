import { type SubscriptionProduct, cancelSubscriptionRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

/** Stops a subscription renewing itself (PUT …/subscription/scheme-cancel). */
export function useCancelSubscription(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: SubscriptionProduct) =>
      apiCall(cancelSubscriptionRoute, { params: { userId }, body: { product } }).then((reply) => reply.data),
    // The card's actions (cancel gone, renew back) come from the licence rows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.licences(userId) }),
  });
}
