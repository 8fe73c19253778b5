import { type RouteReply, getStorageRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type StorageSummary = RouteReply<typeof getStorageRoute>['data'];

export function storageQueryOptions(userId: number) {
  return queryOptions({
    queryKey: orderKeys.storage(userId),
    queryFn: ({ signal }) => apiCall(getStorageRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
