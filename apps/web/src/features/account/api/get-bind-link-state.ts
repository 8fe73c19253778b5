import { getBindLinkStateRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { accountKeys } from './keys';

/** How often the computer asks whether the phone has been bound. */
export const BIND_LINK_POLL_MS = 2000;

/** The state of the account's newest link, asked every 2 s while the QR code is shown. */
export function bindLinkStateQueryOptions(userId: number) {
  return queryOptions({
    queryKey: accountKeys.bindLinkState(userId),
    queryFn: ({ signal }) => apiCall(getBindLinkStateRoute, { params: { userId }, signal }).then((reply) => reply.data),
    refetchInterval: BIND_LINK_POLL_MS,
    // The question is "has it changed since a moment ago": never answer it from the cache.
    staleTime: 0,
    gcTime: 0,
  });
}
