import { getCompanyMembersRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';
import { companyKeys } from './keys';

export type CompanyMember = RouteReply<typeof getCompanyMembersRoute>['data'][number];

/** A company's members, the creator first, as the server orders them (creator and admins). */
export function companyMembersQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.members(userId, companyId),
    queryFn: ({ signal }) =>
      apiCall(getCompanyMembersRoute, { params: { userId }, query: { cid: companyId }, signal }).then(
        (reply) => reply.data,
      ),
  });
}
