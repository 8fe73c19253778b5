import { createCompanyRoute, type RouteBody, type RouteReply } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotentCall } from '../../../../lib/api';
import { companyArrived } from './keys';

export type CompanyCreation = RouteBody<typeof createCompanyRoute>;
export type CreatedCompany = RouteReply<typeof createCompanyRoute>['data'];

/**
 * Creates a company from an activation code (licenseCompany). The code is used once, so the call
 * carries an `Idempotency-Key`: sent again after a lost answer, it answers the same company. The
 * answer's `err_type` says whether the caller created it (0) or was added to it as admin (2).
 */
export function useCreateCompany(userId: number, onCreated: (created: CreatedCompany) => void) {
  const queryClient = useQueryClient();
  const create = useIdempotentCall(createCompanyRoute, { userId });
  return useMutation({
    mutationFn: (body: CompanyCreation) => create(body).then((reply) => reply.data),
    // Here rather than in `mutate`'s callbacks: the new company in the list changes the page's
    // tabs at once, and the Create tab that asked may be gone before those would run.
    onSuccess: (created) => {
      onCreated(created);
      return companyArrived(queryClient, userId, created.company);
    },
  });
}
