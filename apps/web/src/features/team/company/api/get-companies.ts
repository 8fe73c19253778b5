import { getCompaniesRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';
import { companyKeys } from './keys';

export type Company = RouteReply<typeof getCompaniesRoute>['data'][number];

/**
 * The mind-map companies the user is in, with their role in each (getCompany): the enterprise
 * page's switcher and tabs, and whether the team page opens on the mind-map product.
 */
export function companiesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: companyKeys.list(userId),
    queryFn: ({ signal }) => apiCall(getCompaniesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
