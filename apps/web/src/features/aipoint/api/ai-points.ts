import {
  getAiPointDailyUseRoute,
  getAiPointsRoute,
  listAiPointAcquisitionsRoute,
  listAiPointUsageRoute,
  type RouteReply,
} from '@account-centre/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export type AiPointUse = RouteReply<typeof listAiPointUsageRoute>['data'][number];
export type AiPointAcquisition = RouteReply<typeof listAiPointAcquisitionsRoute>['data'][number];
export type AiPointDailyUse = RouteReply<typeof getAiPointDailyUseRoute>['data'];
export type AiPointBalance = RouteReply<typeof getAiPointsRoute>['data'];

/** Under the user's prefix, so points given by a redeemed code show here too. */
const aiPointKeys = {
  all: (userId: number) => ['user', userId, 'ai-points'] as const,
  balance: (userId: number) => [...aiPointKeys.all(userId), 'balance'] as const,
  /** One key per page and size: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  usage: (userId: number, pageSize: number, page: number) =>
    [...aiPointKeys.all(userId), 'usage', pageSize, page] as const,
  acquisitions: (userId: number) => [...aiPointKeys.all(userId), 'acquisitions'] as const,
  daily: (userId: number, utcOffset: number) => [...aiPointKeys.all(userId), 'daily', utcOffset] as const,
};

/** Balance, unlimited use and what expires when (spec 01 §7 getAIPointLeftV2). */
export const aiPointsOptions = (userId: number) =>
  queryOptions({
    queryKey: aiPointKeys.balance(userId),
    queryFn: ({ signal }) => apiCall(getAiPointsRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });

export function useAiPoints(userId: number) {
  return useQuery(aiPointsOptions(userId));
}

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
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...usageOptions(userId, pageSize, page), placeholderData: keepPreviousData });
}

/** Every acquisition, newest first (getAIPointGetList). */
export function useAiPointAcquisitions(userId: number) {
  return useQuery({
    queryKey: aiPointKeys.acquisitions(userId),
    queryFn: ({ signal }) =>
      apiCall(listAiPointAcquisitionsRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}

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
