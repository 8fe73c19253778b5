import { listNotificationsRoute, NOTIFICATION_PAGE_SIZE, type RouteReply } from '@account-centre/contract';
import { accountPages } from '../../../lib/api';
import { messageKeys } from './keys';

export type Message = RouteReply<typeof listNotificationsRoute>['data']['notify'][number];

/** A page of the account's messages, newest first (getMessage: offset, count → count, notify). */
export const messagePageOptions = accountPages({
  route: listNotificationsRoute,
  key: messageKeys.page,
  pageSize: NOTIFICATION_PAGE_SIZE,
  pick: (reply) => reply.data,
});
