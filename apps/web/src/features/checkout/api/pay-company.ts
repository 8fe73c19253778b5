import { addCompanySeatsRoute, rechargeCompanyRoute, type RouteQuery } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../lib/api';
import { userDataKey } from '../../../lib/user/current-user';
import type { Checkout } from './create-checkout';

/**
 * A payment for a company (spec 02 §4, §7): a term more for every seat (`coop/recharge`) or
 * seats more until its end (`coop/subscription`), both with query parameters as the spec has
 * them.
 */
export type CompanyPaymentRequest =
  | { change: 'time'; query: RouteQuery<typeof rechargeCompanyRoute> }
  | { change: 'seats'; query: RouteQuery<typeof addCompanySeatsRoute> };

/**
 * Opens the payment of a company's term or seats. The server answers a checkout exactly as
 * `POST pay/checkout` does, so it is paid and followed the same way. Sent with an
 * `Idempotency-Key` as every purchase is: a retry after a lost answer gets the same checkout.
 */
export function usePayCompany(userId: number) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: (request: CompanyPaymentRequest): Promise<Checkout> =>
      sendOnce(request, (requestKey) => {
        const headers = { 'Idempotency-Key': requestKey };
        return request.change === 'time'
          ? apiCall(rechargeCompanyRoute, { params: { userId }, query: request.query, headers })
          : apiCall(addCompanySeatsRoute, { params: { userId }, query: request.query, headers });
      }).then((reply) => reply.data),
    // A coupon it took is no longer held: the catalogue and the coupon screen say so.
    onSuccess: (_, request) =>
      request.query.use_coupon ? queryClient.invalidateQueries({ queryKey: userDataKey(userId) }) : undefined,
  });
}
