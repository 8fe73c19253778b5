import { type RouteBody, requestInvoiceRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type InvoiceRequest = RouteBody<typeof requestInvoiceRoute>;

/**
 * Requests the invoice (domestic, issued by an operator) or receipt (overseas, at once) of an
 * order. Sent again after a lost answer, the same request keeps its Idempotency-Key, so it is
 * not refused as one already made.
 */
export function useRequestInvoice(userId: number) {
  const queryClient = useQueryClient();
  const request = useIdempotentCall(requestInvoiceRoute, { userId });
  return useMutation({
    mutationFn: (body: InvoiceRequest) => request(body).then((reply) => reply.data),
    // The receipt column of every cached page may show this order: drop them all.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.history(userId) }),
  });
}
