import {
  listNotificationsRoute,
  markNotificationsReadRoute,
  NOTIFICATION_PAGE_SIZE,
  type RouteReply,
} from '@account-centre/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { unreadMessagesQueryKey } from '../../../lib/user/unread-messages';

export type Message = RouteReply<typeof listNotificationsRoute>['data']['notify'][number];

const messageKeys = {
  /** One key per page: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  page: (userId: number, page: number) => ['user', userId, 'messages', 'page', page] as const,
};

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

/** Marks messages read, then asks again whether any is unread (the indicator). */
export function useMarkRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiCall(markNotificationsReadRoute, { params: { userId }, body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey(userId) }),
  });
}
