import { closeCheckoutRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { userDataKey } from '../../../lib/user/current-user';

/**
 * Abandons an unpaid checkout, here and at the provider, so the code scanned later pays nothing.
 * One paid meanwhile is answered as it stands: the screen then shows that outcome instead.
 */
export function useCloseCheckout(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outTradeNo: string) =>
      apiCall(closeCheckoutRoute, { params: { userId, outTradeNo } }).then((reply) => reply.data),
    // A coupon it took is given back on closing.
    onSuccess: (closed) =>
      closed.discount > 0 ? queryClient.invalidateQueries({ queryKey: userDataKey(userId) }) : undefined,
  });
}
