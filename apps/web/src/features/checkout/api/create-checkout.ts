import { createCheckoutRoute, type RouteBody, type RouteReply } from '@account-centre/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useIdempotentSend } from '../../../lib/hooks/use-idempotent-send';

export type Checkout = RouteReply<typeof createCheckoutRoute>['data'];
export type CheckoutRequest = RouteBody<typeof createCheckoutRoute>;

/**
 * Opens a payment: the server prices it and records the order unpaid. Sent with an
 * `Idempotency-Key`, so a retry after a lost answer gets the same checkout rather than a second
 * order to pay; once one is opened, asking again (Start again) opens a new one.
 */
export function useCreateCheckout(userId: number) {
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: (body: CheckoutRequest) =>
      sendOnce(body, (requestKey) =>
        apiCall(createCheckoutRoute, { params: { userId }, body, headers: { 'Idempotency-Key': requestKey } }),
      ).then((reply) => reply.data),
  });
}
