import { type RouteBody, updateCompanyMembersRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../../lib/api';
import { companiesChanged } from './keys';

export type CompanyMemberChange = Omit<RouteBody<typeof updateCompanyMembersRoute>, 'cid'>;

/**
 * Removes members (operation DEL) or gives them a role (UPDATE with `type` 1 admin or 0 member) —
 * updateMember. Removing frees seats, so it carries an `Idempotency-Key`. Afterwards the members
 * and the companies (their seat count) are read again (spec 02 §4).
 */
export function useUpdateCompanyMembers(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  const update = useIdempotentCall(updateCompanyMembersRoute, { userId });
  return useMutation({
    mutationFn: (change: CompanyMemberChange) => update({ cid: companyId, ...change }),
    onSettled: () => companiesChanged(queryClient, userId),
  });
}
