import { addTeamMembersRoute, type RouteBody } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

type Adding = Omit<RouteBody<typeof addTeamMembersRoute>, 'group_id'>;
/** The roles a person joins with: admin or member (spec 02 §5). */
export type JoiningRole = Adding['role'];

/** Adds people with a role and a seat of each plan named, all of them or none (addGroupMember). */
export function useAddMembers({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  const add = useIdempotentCall(addTeamMembersRoute, { userId, product });
  return useMutation({
    mutationFn: (adding: Adding) => add({ group_id: groupId, ...adding }),
    onSettled: () => teamChanged(queryClient, userId, product),
  });
}
