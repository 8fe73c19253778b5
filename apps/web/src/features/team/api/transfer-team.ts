import { type TeamTransferOptionValue, transferTeamRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

/**
 * Hands the team to a member (setGroupOwner; the diagram team of the domestic build): the old
 * owner stays as a member (option 1) or leaves (option 2).
 */
export function useTransferTeam({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const transfer = useIdempotentCall(transferTeamRoute, { userId, product });
  return useMutation({
    mutationFn: ({ to, option }: { to: number; option: TeamTransferOptionValue }) =>
      transfer({ group_id: groupId, user_id: to, option }),
    onSettled: () => teamChanged(queryClient, userId, product, { shell: true }),
  });
}
