import { type RouteReply, getCompaniesRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type Company = RouteReply<typeof getCompaniesRoute>['data'][number];

/** The mind-map companies the user belongs to, with the user's role in each (GET …/coop/cmember). */
export function companiesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: orderKeys.companies(userId),
    queryFn: ({ signal }) => apiCall(getCompaniesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
