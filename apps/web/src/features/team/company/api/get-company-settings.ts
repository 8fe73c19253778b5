import { getCompanySettingsRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { companyKeys } from './keys';
import { readCompany } from './read-company';

export type CompanySettings = RouteReply<typeof getCompanySettingsRoute>['data'];

/** The settings tab's facts beside the name: the conglomerate id and customer service's contact. */
export function companySettingsQueryOptions(userId: number, companyId: number) {
  return queryOptions({
    queryKey: companyKeys.settings(userId, companyId),
    queryFn: ({ signal }) => readCompany(getCompanySettingsRoute, userId, companyId, signal),
  });
}
