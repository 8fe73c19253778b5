import { listNotificationsRoute, NOTIFICATION_PAGE_SIZE, type RouteReply } from '@account-centre/contract';
import { accountPageOptions, usePagedQuery } from '../../../lib/api';
import { messageKeys } from './keys';

export type Message = RouteReply<typeof listNotificationsRoute>['data']['notify'][number];

const pageOptions = (userId: number, page: number) =>
  accountPageOptions({
    route: listNotificationsRoute,
    queryKey: messageKeys.page(userId, page),
    userId,
    page,
    pageSize: NOTIFICATION_PAGE_SIZE,
    pick: (reply) => reply.data,
  });

/** A page of the account's messages, newest first (getMessage: offset, count → count, notify). */
export function useMessages(userId: number, page: number) {
  return usePagedQuery(pageOptions(userId, page));
}
