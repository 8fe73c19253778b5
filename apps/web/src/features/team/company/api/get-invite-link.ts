import { getCompanyInviteLinkRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { companyKeys } from './keys';
import { readCompany } from './read-company';

export type CompanyInviteLink = RouteReply<typeof getCompanyInviteLinkRoute>['data'];

/**
 * A signed invitation link to the company, valid for a week (creator and admins). Each opening of
 * the invite dialog asks for a fresh one, so the validity it shows starts now.
 */
export function inviteLinkQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.inviteLink(userId, companyId),
    queryFn: ({ signal }) => readCompany(getCompanyInviteLinkRoute, userId, companyId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
