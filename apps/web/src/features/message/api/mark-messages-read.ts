import { markNotificationsReadRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { unreadMessagesQueryKey } from '../../../lib/user/unread-messages';

/** Marks messages read, then asks again whether any is unread (the indicator). */
export function useMarkRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiCall(markNotificationsReadRoute, { params: { userId }, body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey(userId) }),
  });
}
