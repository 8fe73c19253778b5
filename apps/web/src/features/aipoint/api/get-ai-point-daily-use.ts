import { getAiPointDailyUseRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { aiPointKeys } from './keys';

export type AiPointDailyUse = RouteReply<typeof getAiPointDailyUseRoute>['data'];

/** Minutes this browser's clock is ahead of UTC now, as the chart's call takes them. */
export function readerUtcOffset(): number {
  return -new Date().getTimezoneOffset();
}

/** Points used per day, product and feature over the last 30 days, days as the reader counts them. */
export function useAiPointDailyUse(userId: number, utcOffset: number = readerUtcOffset()) {
  return useQuery({
    queryKey: aiPointKeys.daily(userId, utcOffset),
    queryFn: ({ signal }) =>
      apiCall(getAiPointDailyUseRoute, { params: { userId }, query: { utc_offset: utcOffset }, signal }).then(
        (reply) => reply.data,
      ),
  });
}
