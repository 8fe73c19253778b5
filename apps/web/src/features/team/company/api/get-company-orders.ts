import { getCompanyOrdersRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';
import { companyKeys } from './keys';

export type CompanyOrder = RouteReply<typeof getCompanyOrdersRoute>['data'][number];

/** The payments for a company, newest first (creator and admins). */
export function companyOrdersQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.orders(userId, companyId),
    queryFn: ({ signal }) =>
      apiCall(getCompanyOrdersRoute, { params: { userId }, query: { cid: companyId }, signal }).then(
        (reply) => reply.data,
      ),
  });
}
