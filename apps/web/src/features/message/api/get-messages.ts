import { listNotificationsRoute, NOTIFICATION_PAGE_SIZE, type RouteReply } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, pageWindow, usePagedQuery } from '../../../lib/api';
import { messageKeys } from './keys';

export type Message = RouteReply<typeof listNotificationsRoute>['data']['notify'][number];

const pageOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: messageKeys.page(userId, page),
    queryFn: ({ signal }) =>
      apiCall(listNotificationsRoute, {
        params: { userId },
        query: pageWindow(page, NOTIFICATION_PAGE_SIZE),
        signal,
      }).then((reply) => reply.data),
  });

/** A page of the account's messages, newest first (getMessage: offset, count → count, notify). */
export function useMessages(userId: number, page: number) {
  return usePagedQuery(pageOptions(userId, page));
}
