import { type TeamTransferOptionValue, transferTeamRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

/**
 * Hands the team to a member (setGroupOwner; the diagram team of the domestic build): the old
 * owner stays as a member (option 1) or leaves (option 2).
 */
export function useTransferTeam({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: ({ to, option }: { to: number; option: TeamTransferOptionValue }) => {
      const body = { group_id: groupId, user_id: to, option };
      return sendOnce(body, (requestKey) =>
        apiCall(transferTeamRoute, { params: { userId, product }, body, headers: { 'Idempotency-Key': requestKey } }),
      );
    },
    onSettled: () => teamChanged(queryClient, userId, product, { shell: true }),
  });
}
