import { listNotificationsRoute, NOTIFICATION_PAGE_SIZE, type RouteReply } from '@account-centre/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { messageKeys } from './keys';

export type Message = RouteReply<typeof listNotificationsRoute>['data']['notify'][number];

const pageOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: messageKeys.page(userId, page),
    queryFn: ({ signal }) =>
      apiCall(listNotificationsRoute, {
        params: { userId },
        query: { offset: (page - 1) * NOTIFICATION_PAGE_SIZE, count: NOTIFICATION_PAGE_SIZE },
        signal,
      }).then((reply) => reply.data),
  });

/** A page of the account's messages, newest first (getMessage: offset, count → count, notify). */
export function useMessages(userId: number, page: number) {
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...pageOptions(userId, page), placeholderData: keepPreviousData });
}
