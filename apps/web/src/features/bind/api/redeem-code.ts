import { redeemGiftCodeRoute, redeemLicenceCodeRoute, type RouteReply } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { userDataKey } from '../../../lib/user/current-user';

export type Redemption = RouteReply<typeof redeemLicenceCodeRoute>['data'];

/** Which call a code goes to: licence keys (activation, replacement, project) or gift codes. */
export type CodeCall = 'licence' | 'gift';

/**
 * Redeems a code. What it gave can show anywhere (licences, points, credit), so everything
 * cached of the user is fetched again.
 */
export function useRedeemCode(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ call, code }: { call: CodeCall; code: string }) =>
      apiCall(call === 'licence' ? redeemLicenceCodeRoute : redeemGiftCodeRoute, {
        params: { userId },
        body: { code },
      }).then((reply) => reply.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataKey(userId) }),
  });
}
