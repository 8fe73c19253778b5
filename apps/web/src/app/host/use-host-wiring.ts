import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from '../../lib/router';
import { useBuildContext } from '../../lib/build-context';
import { host, onHostMessage, openExternal, startHostBridge } from '../../lib/host-bridge';
import { saveSession } from '../../lib/session';
import { screenHref } from '../screens/screens';
import { useCurrentUser } from '../../lib/user/current-user';

/** A token from the client without a lifetime is kept a day at most (the server ends it sooner). */
const HOST_TOKEN_LIFETIME_SECONDS = 86_400;

/**
 * What the shell does with the host's messages, and what it tells the host by itself:
 * - `updateToken`: the client's new credentials become the session;
 * - `loginShowDeviceModal`: the devices screen opens (where sign-in devices are freed), with
 *   the message in the navigation state so the screen, mounted or still loading, shows its
 *   device modal;
 * - the user's name and avatar go to the client when they load or change (`updateUserInfo`);
 * - a click on a link to another site opens it through the host, with a one-time credential
 *   (spec 01 §6), whichever screen the link is on.
 * Screens subscribe to the other messages they need (`uploadAvator`) through lib/host-bridge.
 */
export function useHostWiring(): void {
  const { hostMode } = useBuildContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (hostMode === 'browser') return;
    const stop = startHostBridge();
    const offToken = onHostMessage('updateToken', (payload) => {
      saveSession({
        user_id: payload.user_id,
        token: payload.token,
        refresh_token: payload.refresh_token ?? '',
        expires_in: payload.expires_in ?? HOST_TOKEN_LIFETIME_SECONDS,
      });
      // Data fetched with the old token may belong to another account or have failed.
      void queryClient.invalidateQueries();
    });
    const offDevices = onHostMessage('loginShowDeviceModal', (payload) => {
      navigate(screenHref('devices', window.location.search), { state: { loginShowDeviceModal: payload } });
    });
    return () => {
      offToken();
      offDevices();
      stop();
    };
  }, [hostMode, navigate, queryClient]);

  useEffect(() => {
    if (hostMode === 'browser') return;
    const onClick = (event: MouseEvent) => {
      const url = outsideLink(event);
      if (!url) return;
      event.preventDefault();
      void openExternal(url, hostMode);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [hostMode]);

  const { data: user } = useCurrentUser();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (hostMode === 'browser' || !user) return;
    const info = { user_id: user.user_id, nick_name: user.nick_name, avatar_url: user.avatar_url };
    const key = JSON.stringify(info);
    if (sent.current === key) return;
    sent.current = key;
    host.updateUserInfo(info);
  }, [hostMode, user]);
}

/** The address of a plain click on a link to another site, or null. */
function outsideLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === window.location.origin ? null : url.toString();
}
