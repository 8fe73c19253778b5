import {
  type IdentityProvider,
  type RouteReply,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  startCloseByIdentityRoute,
  startIdentityBindRoute,
  unbindIdentityRoute,
} from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export type OAuthProviderInfo = RouteReply<typeof listOAuthProvidersRoute>['data'][number];
export type BoundIdentity = RouteReply<typeof listIdentitiesRoute>['data'][number];

/**
 * The providers the server has configured (none unless its operator set them up). They change
 * only when the server restarts with another configuration, so one answer per page load.
 */
export const oauthProvidersOptions = () =>
  queryOptions({
    queryKey: ['oauth', 'providers'] as const,
    queryFn: ({ signal }) => apiCall(listOAuthProvidersRoute, { signal }).then((reply) => reply.data),
    refetchOnWindowFocus: false,
  });

/** The third-party sign-ins bound to the account; under the user's key, so a new session starts afresh. */
export const identitiesOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId, 'identities'] as const,
    queryFn: ({ signal }) => apiCall(listIdentitiesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });

export function useOAuthProviders() {
  return useQuery(oauthProvidersOptions());
}

/** Bound identities, fetched only once some provider is configured (nothing to show otherwise). */
export function useIdentities(userId: number, enabled: boolean) {
  return useQuery({ ...identitiesOptions(userId), enabled });
}

export type IdentityFlowPurpose = 'bind' | 'close';

/**
 * Starts binding, or closing the account by, a third-party sign-in: the provider's page for a
 * popup, or with `handoff` a one-time link for the system browser (docs/decisions/008).
 */
export function startIdentityFlow(
  userId: number,
  provider: IdentityProvider,
  purpose: IdentityFlowPurpose,
  handoff: boolean,
): Promise<string> {
  const route = purpose === 'bind' ? startIdentityBindRoute : startCloseByIdentityRoute;
  return apiCall(route, { params: { userId, provider }, query: handoff ? { handoff: true } : {} }).then(
    (reply) => reply.data.url,
  );
}

/** DELETE /api/user/:userId/identity/:provider (only-binding rule on the server too); answers the user info. */
export function unbindIdentity(userId: number, provider: IdentityProvider) {
  return apiCall(unbindIdentityRoute, { params: { userId, provider } }).then((reply) => reply.data);
}
