import { type RouteReply, listOAuthProvidersRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { accountKeys } from './keys';

export type OAuthProviderInfo = RouteReply<typeof listOAuthProvidersRoute>['data'][number];

/**
 * The providers the server has configured (none unless its operator set them up). They change
 * only when the server restarts with another configuration, so one answer per page load.
 */
export const oauthProvidersOptions = () =>
  queryOptions({
    queryKey: accountKeys.oauthProviders(),
    queryFn: ({ signal }) => apiCall(listOAuthProvidersRoute, { signal }).then((reply) => reply.data),
    refetchOnWindowFocus: false,
  });

export function useOAuthProviders() {
  return useQuery(oauthProvidersOptions());
}
