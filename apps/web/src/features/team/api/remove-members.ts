import { removeTeamMembersRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

/** Removes members, freeing their seats (removeGroupMember). */
export function useRemoveMembers({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: (userIds: number[]) => {
      const body = { group_id: groupId, user_ids: userIds };
      return sendOnce(body, (requestKey) =>
        apiCall(removeTeamMembersRoute, {
          params: { userId, product },
          body,
          headers: { 'Idempotency-Key': requestKey },
        }),
      );
    },
    // Removing oneself leaves the team: the shell's summary changes with it.
    onSettled: (_answer, _error, userIds) =>
      teamChanged(queryClient, userId, product, { shell: userIds.includes(userId) }),
  });
}
