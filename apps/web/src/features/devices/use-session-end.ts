import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { emitAppEvent } from '../../lib/app-events';
import { useBuildContext } from '../../lib/build-context';
import { host } from '../../lib/host-bridge';
import { clearSession } from '../../lib/session';

/**
 * What follows a call that ended the session this page runs on (an unbind of the current
 * device, signing out this session, "this wasn't me"). The server has already revoked the
 * tokens, so the page forgets them at once instead of waiting for a failing call:
 * - in the desktop client, the client closes the account centre's dialog (spec 01 §4 "Device
 *   unbind") or signs out;
 * - elsewhere, sign-in opens on the view the action calls for.
 */
export function useSessionEnded() {
  const { hostMode } = useBuildContext();
  const queryClient = useQueryClient();
  return useCallback(
    (how: { desktop: 'closeDialog' | 'signOut'; view: 'password' | 'forgot' }) => {
      if (hostMode === 'desktop') {
        if (how.desktop === 'closeDialog') host.closeDialog();
        else host.signOut();
      }
      queryClient.clear();
      clearSession();
      emitAppEvent('signInRequested', { view: how.view });
    },
    [hostMode, queryClient],
  );
}
