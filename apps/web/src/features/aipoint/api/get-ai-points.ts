import { getAiPointsRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { aiPointKeys } from './keys';

export type AiPointBalance = RouteReply<typeof getAiPointsRoute>['data'];

/** Balance, unlimited use and what expires when (spec 01 §7 getAIPointLeftV2). */
export const aiPointsOptions = (userId: number) =>
  queryOptions({
    queryKey: aiPointKeys.balance(userId),
    queryFn: ({ signal }) => apiCall(getAiPointsRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });

export function useAiPoints(userId: number) {
  return useQuery(aiPointsOptions(userId));
}
