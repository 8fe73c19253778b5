import { endSessionRoute, signOutDeviceRoute } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { deviceKeys } from './keys';

/**
 * Signing out a session or a whole device touches the sessions and every product's list; the
 * current session's own end needs nothing reloaded (the page signs out).
 */
function useEndingMutation<Id>(end: (id: Id) => Promise<{ current: boolean }>, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: end,
    onSuccess: (result) => {
      if (!result.current) void queryClient.invalidateQueries({ queryKey: deviceKeys.all(userId) });
    },
  });
}

/** Ends one session (spec 01 §2 "Devices", sign out of a session). */
export function useEndSession(userId: number) {
  return useEndingMutation(
    (sessionId: string) => apiCall(endSessionRoute, { params: { userId, sessionId } }).then((reply) => reply.data),
    userId,
  );
}

/** Ends every session of one device. */
export function useSignOutDevice(userId: number) {
  return useEndingMutation(
    (deviceId: string) => apiCall(signOutDeviceRoute, { params: { userId, deviceId } }).then((reply) => reply.data),
    userId,
  );
}
