import { renameTeamRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { type TeamRef, teamChanged } from './keys';

/** The owner renames the team (setGroupInfo); the shell's summary carries the name too. */
export function useRenameTeam({ userId, product, groupId }: TeamRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall(renameTeamRoute, { params: { userId, product }, body: { group_id: groupId, group_name: name } }),
    onSettled: () => teamChanged(queryClient, userId, product, { shell: true }),
  });
}
