import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type UserInfo, currentUserQueryKey } from '../../lib/user/current-user';
import { host } from '../../lib/host-bridge';

/**
 * Puts a saved user info (the answer of a change) where the header and this screen read it, and
 * tells a desktop client, which shows the same name and picture (spec 01 §7 updateUserInfo).
 */
export function useStoreUser(): (user: UserInfo) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: UserInfo) => {
      queryClient.setQueryData(currentUserQueryKey(user.user_id), user);
      host.updateUserInfo({ user_id: user.user_id, nick_name: user.nick_name, avatar_url: user.avatar_url });
    },
    [queryClient],
  );
}
