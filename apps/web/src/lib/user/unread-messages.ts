import { unreadNotificationsRoute } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { useSession } from '../session';

/** Under the user's messages, so whatever refreshes the messages refreshes the indicator too. */
export const unreadMessagesQueryKey = (userId: number) => ['user', userId, 'messages', 'unread'] as const;

/**
 * Whether the signed-in account has an unread message (spec 01 §7 `notification/exists`): the
 * unread indicator of the menu and the header. Asked again whenever the tab becomes visible;
 * not at all when `wanted` is false (a build without the messages screen).
 */
export function useUnreadMessages(wanted = true): boolean {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const unread = useQuery({
    queryKey: unreadMessagesQueryKey(userId),
    queryFn: ({ signal }) =>
      apiCall(unreadNotificationsRoute, { params: { userId }, signal }).then((reply) => reply.data.unread),
    enabled: wanted && session !== null,
  });
  return unread.data === true;
}
