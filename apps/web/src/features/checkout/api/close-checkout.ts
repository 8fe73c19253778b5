import { closeCheckoutRoute } from '@account-centre/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

/**
 * Abandons an unpaid checkout, here and at the provider, so the code scanned later pays nothing.
 * One paid meanwhile is answered as it stands: the screen then shows that outcome instead.
 */
export function useCloseCheckout(userId: number) {
  return useMutation({
    mutationFn: (outTradeNo: string) =>
      apiCall(closeCheckoutRoute, { params: { userId, outTradeNo } }).then((reply) => reply.data),
  });
}
