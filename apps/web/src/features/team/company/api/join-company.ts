import { joinCompanyRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../../lib/api';
import { companyArrived } from './keys';

/**
 * Joins the company of an invitation link as a member, taking a seat; with an `Idempotency-Key`,
 * so a retry after a lost answer takes no second seat. Settles once the shell knows the user is
 * in a company, so the invitation can leave the address without the team route being left.
 */
export function useJoinCompany(userId: number) {
  const queryClient = useQueryClient();
  const join = useIdempotentCall(joinCompanyRoute, { userId });
  return useMutation({
    mutationFn: (invite: string) => join({ invite }).then((reply) => reply.data),
    onSuccess: (company) => companyArrived(queryClient, userId, company),
  });
}
