import { getCompaniesRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { teamKeys } from './keys';

/** Whether the user belongs to a mind-map company (GET …/coop/cmember). */
export function hasCompanyQueryOptions(userId: number) {
  return queryOptions({
    queryKey: teamKeys.company(userId),
    queryFn: ({ signal }) =>
      apiCall(getCompaniesRoute, { params: { userId }, signal }).then((reply) => reply.data.length > 0),
  });
}
