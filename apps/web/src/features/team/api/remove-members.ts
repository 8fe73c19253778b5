import { removeTeamMembersRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

/** Removes members, freeing their seats (removeGroupMember). */
export function useRemoveMembers({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const remove = useIdempotentCall(removeTeamMembersRoute, { userId, product });
  return useMutation({
    mutationFn: (userIds: number[]) => remove({ group_id: groupId, user_ids: userIds }),
    // Removing oneself leaves the team: the shell's summary changes with it.
    onSettled: (_answer, _error, userIds) =>
      teamChanged(queryClient, userId, product, { shell: userIds.includes(userId) }),
  });
}
