import { type RouteReply, getRecommendationsRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type RecommendedProduct = RouteReply<typeof getRecommendationsRoute>['data'][number];

/**
 * Products the user has not bought, hidden per region, language and the page's product id
 * (spec 01 §6); the server decides because it holds the whole history.
 */
export function recommendationsQueryOptions(userId: number, language: string, pid: number | null) {
  return queryOptions({
    queryKey: orderKeys.recommendations(userId, language, pid),
    queryFn: ({ signal }) =>
      apiCall(getRecommendationsRoute, {
        params: { userId },
        query: pid === null ? { lang: language } : { lang: language, pid },
        signal,
      }).then((reply) => reply.data),
  });
}
