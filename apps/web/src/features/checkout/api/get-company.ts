import { getCompaniesRoute, getCompanyPricesRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { checkoutKeys } from './keys';

export type Company = RouteReply<typeof getCompaniesRoute>['data'][number];
export type CompanyPrices = RouteReply<typeof getCompanyPricesRoute>['data'];

/** The mind-map companies the user belongs to, with the user's role in each (GET …/coop/cmember). */
export function companiesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: checkoutKeys.companies(userId),
    queryFn: ({ signal }) => apiCall(getCompaniesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}

export function useCompanies(userId: number) {
  return useQuery(companiesQueryOptions(userId));
}

/**
 * What a seat more and a term more cost for a company (GET …/coop/oneprice): the server's
 * prices, which the screen shows and never works out itself. Asked only of a company the
 * caller may buy for (`enabled`): the server refuses everyone but its creator.
 */
export function companyPricesQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: checkoutKeys.companyPrices(userId, companyId),
    queryFn: ({ signal }) =>
      apiCall(getCompanyPricesRoute, { params: { userId }, query: { cid: companyId }, signal }).then(
        (reply) => reply.data,
      ),
  });
}

export function useCompanyPrices(userId: number, companyId: number, enabled: boolean) {
  return useQuery({ ...companyPricesQueryOptions(userId, companyId), enabled });
}
