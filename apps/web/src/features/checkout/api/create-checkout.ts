import { createCheckoutRoute, type RouteBody, type RouteReply } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { userDataKey } from '../../../lib/user/current-user';

export type Checkout = RouteReply<typeof createCheckoutRoute>['data'];
export type CheckoutRequest = RouteBody<typeof createCheckoutRoute>;

/**
 * Opens a payment: the server prices it and records the order unpaid. Sent with an
 * `Idempotency-Key`, so a retry after a lost answer gets the same checkout rather than a second
 * order to pay; once one is opened, asking again (Start again) opens a new one.
 */
export function useCreateCheckout(userId: number) {
  const queryClient = useQueryClient();
  const create = useIdempotentCall(createCheckoutRoute, { userId });
  return useMutation({
    mutationFn: (body: CheckoutRequest) => create(body).then((reply) => reply.data),
    // A coupon it took is no longer held: the catalogue and the coupon screen say so.
    onSuccess: (_, body) =>
      body.use_coupon ? queryClient.invalidateQueries({ queryKey: userDataKey(userId) }) : undefined,
  });
}
