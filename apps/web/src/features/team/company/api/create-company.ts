import { createCompanyRoute, type RouteBody } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, useIdempotentSend } from '../../../../lib/api';
import { companyArrived } from './keys';

export type CompanyCreation = RouteBody<typeof createCompanyRoute>;

/**
 * Creates a company from an activation code (licenseCompany). The code is used once, so the call
 * carries an `Idempotency-Key`: sent again after a lost answer, it answers the same company. The
 * answer's `err_type` says whether the caller created it (0) or was added to it as admin (2).
 */
export function useCreateCompany(userId: number) {
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  return useMutation({
    mutationFn: (body: CompanyCreation) =>
      sendOnce(body, (requestKey) =>
        apiCall(createCompanyRoute, { params: { userId }, body, headers: { 'Idempotency-Key': requestKey } }),
      ).then((reply) => reply.data),
    onSuccess: (created) => companyArrived(queryClient, userId, created.company),
  });
}
