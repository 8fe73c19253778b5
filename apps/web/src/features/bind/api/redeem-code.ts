import { redeemGiftCodeRoute, redeemLicenceCodeRoute, type RouteReply } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../lib/api';
import { userDataKey } from '../../../lib/user/current-user';

export type Redemption = RouteReply<typeof redeemLicenceCodeRoute>['data'];

/** Which call a code goes to: licence keys (activation, replacement, project) or gift codes. */
export type CodeCall = 'licence' | 'gift';

/**
 * Redeems a code. What it gave can show anywhere (licences, points, credit), so everything
 * cached of the user is fetched again. Sent again after a lost answer, the same code keeps its
 * Idempotency-Key: the person sees what the first attempt redeemed, not "only once".
 */
export function useRedeemCode(userId: number) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: (request: { call: CodeCall; code: string }) =>
      sendOnce(request, (requestKey) =>
        apiCall(request.call === 'licence' ? redeemLicenceCodeRoute : redeemGiftCodeRoute, {
          params: { userId },
          body: { code: request.code },
          headers: { 'Idempotency-Key': requestKey },
        }),
      ).then((reply) => reply.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataKey(userId) }),
  });
}
