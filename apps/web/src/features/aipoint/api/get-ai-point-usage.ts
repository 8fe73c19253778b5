import { listAiPointUsageRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, usePagedQuery } from '../../../lib/api';
import { aiPointKeys } from './keys';

export type AiPointUse = RouteReply<typeof listAiPointUsageRoute>['data'][number];

const usageOptions = (userId: number, pageSize: number, page: number) =>
  queryOptions({
    queryKey: aiPointKeys.usage(userId, pageSize, page),
    queryFn: ({ signal }) =>
      apiCall(listAiPointUsageRoute, { params: { userId }, query: { page, page_size: pageSize }, signal }).then(
        (reply) => ({ list: reply.data, count: reply.count }),
      ),
  });

/** A page of uses, newest first (getAIPointList: page, page_size 10, 20 or 50). */
export function useAiPointUsage(userId: number, pageSize: number, page: number) {
  return usePagedQuery(usageOptions(userId, pageSize, page));
}
