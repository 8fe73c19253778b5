import { getCompanyInvitationRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';
import { companyKeys } from './keys';

export type CompanyInvitation = RouteReply<typeof getCompanyInvitationRoute>['data'];

/** The company an invitation link is for, its seats, and whether the user is in it already. */
export function invitationQueryOptions(userId: number, invite: string) {
  return queryOptions({
    queryKey: companyKeys.invitation(userId, invite),
    queryFn: ({ signal }) =>
      apiCall(getCompanyInvitationRoute, { params: { userId }, query: { invite }, signal }).then((reply) => reply.data),
  });
}
