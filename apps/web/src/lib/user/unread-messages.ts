import { type RouteReply, unreadNotificationsRoute } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { formatNumber } from '../i18n/format';
import { useSession } from '../session';

/** Under the user's messages, so whatever refreshes the messages refreshes the indicator too. */
export const unreadMessagesQueryKey = (userId: number) => ['user', userId, 'messages', 'unread'] as const;

/** How many messages are unread, and the offset of the newest of them in the list (newest first). */
export type UnreadMessages = RouteReply<typeof unreadNotificationsRoute>['data'];

/** Beyond this a mark shows "99+": the messages screen says the exact number. */
const UNREAD_SHOWN_MAX = 99;

/** The number of unread messages as the menu's and the header's marks show it: 3, or 99+. */
export function unreadMarkText(count: number): string {
  return count > UNREAD_SHOWN_MAX ? `${formatNumber(UNREAD_SHOWN_MAX)}+` : formatNumber(count);
}

const NONE: UnreadMessages = { unread: false, count: 0, first_offset: null };

/**
 * The signed-in account's unread messages (spec 01 §7 `notification/exists`): the counts of the
 * menu and the header, and where the messages screen finds them. Asked again whenever the tab
 * becomes visible and once messages are marked read; not at all when `wanted` is false (a build
 * without the messages screen).
 */
export function useUnreadMessages(wanted = true): UnreadMessages {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const unread = useQuery({
    queryKey: unreadMessagesQueryKey(userId),
    queryFn: ({ signal }) =>
      apiCall(unreadNotificationsRoute, { params: { userId }, signal }).then((reply) => reply.data),
    enabled: wanted && session !== null,
  });
  return unread.data ?? NONE;
}
