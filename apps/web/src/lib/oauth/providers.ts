import { type RouteReply, listOAuthProvidersRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';

export type OAuthProviderInfo = RouteReply<typeof listOAuthProvidersRoute>['data'][number];

/** The providers the server offers: the same for everyone, so not under a user. */
const oauthProvidersKey = ['oauth', 'providers'] as const;

/**
 * The providers the server has configured (none unless its operator set them up), which the
 * sign-in screen and the account screen offer. They change only when the server restarts with
 * another configuration, so one answer per page load.
 */
export const oauthProvidersOptions = () =>
  queryOptions({
    queryKey: oauthProvidersKey,
    queryFn: ({ signal }) => apiCall(listOAuthProvidersRoute, { signal }).then((reply) => reply.data),
    refetchOnWindowFocus: false,
  });

export function useOAuthProviders() {
  return useQuery(oauthProvidersOptions());
}
