import { getCompanyMembersRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { companyKeys } from './keys';
import { readCompany } from './read-company';

export type CompanyMember = RouteReply<typeof getCompanyMembersRoute>['data'][number];

/** A company's members, the creator first, as the server orders them (creator and admins). */
export function companyMembersQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.members(userId, companyId),
    queryFn: ({ signal }) => readCompany(getCompanyMembersRoute, userId, companyId, signal),
  });
}
