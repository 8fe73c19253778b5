import { getCompanyOrdersRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { companyKeys } from './keys';
import { readCompany } from './read-company';

export type CompanyOrder = RouteReply<typeof getCompanyOrdersRoute>['data'][number];

/** The payments for a company, newest first (creator and admins). */
export function companyOrdersQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.orders(userId, companyId),
    queryFn: ({ signal }) => readCompany(getCompanyOrdersRoute, userId, companyId, signal),
  });
}
