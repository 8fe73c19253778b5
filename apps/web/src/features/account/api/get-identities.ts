import { type RouteReply, listIdentitiesRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { accountKeys } from './keys';

export type BoundIdentity = RouteReply<typeof listIdentitiesRoute>['data'][number];

/** The third-party sign-ins bound to the account; under the user's key, so a new session starts afresh. */
export const identitiesOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.identities(userId),
    queryFn: ({ signal }) => apiCall(listIdentitiesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });

/** Bound identities, fetched only once some provider is configured (nothing to show otherwise). */
export function useIdentities(userId: number, enabled: boolean) {
  return useQuery({ ...identitiesOptions(userId), enabled });
}
