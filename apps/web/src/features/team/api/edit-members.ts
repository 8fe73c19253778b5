import { editTeamMembersRoute, type RouteBody } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

export type MemberChange = Omit<RouteBody<typeof editTeamMembersRoute>, 'group_id'>;

/**
 * Changes members (editGroupMember): `reverse` 0 gives them a seat of each plan named (seats
 * held already stay), 1 frees those seats; `role`, when sent, becomes their role.
 */
export function useEditMembers({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const edit = useIdempotentCall(editTeamMembersRoute, { userId, product });
  return useMutation({
    mutationFn: (change: MemberChange) => edit({ group_id: groupId, ...change }),
    // An admin who made themself a member reads a team they can no longer manage (spec 02 §4).
    onSettled: () => teamChanged(queryClient, userId, product),
  });
}
