import { type RouteBody, requestInvoiceRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type InvoiceRequest = RouteBody<typeof requestInvoiceRoute>;

/** Requests the invoice (domestic, issued by an operator) or receipt (overseas, at once) of an order. */
export function useRequestInvoice(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceRequest) =>
      apiCall(requestInvoiceRoute, { params: { userId }, body }).then((reply) => reply.data),
    // The receipt column of every cached page may show this order: drop them all.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.history(userId) }),
  });
}
