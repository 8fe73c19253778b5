import { renameCompanyRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';
import { companiesChanged } from './keys';

/** Renames a company (renameCompany; creator and admins). The shell's team entry carries the name too. */
export function useRenameCompany(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall(renameCompanyRoute, { params: { userId }, body: { cid: companyId, company_name: name } }),
    onSettled: () => companiesChanged(queryClient, userId, { shell: true }),
  });
}
