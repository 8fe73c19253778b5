import { type ApiError, signInWithTicket } from '../lib/api';
import type { LaunchParams } from '../lib/build-context';
import { decodeCustomCredential, saveSession } from '../lib/session';
import { type ScreenName, isScreenName, screenFromPath } from './screens/screens';

/**
 * A token handed over in `custom` comes without its lifetime. It is kept for at most a day (the
 * longest access token the server issues); a 401 from the server ends it sooner, and with no
 * refresh token that ends the session.
 */
const HANDED_TOKEN_LIFETIME_SECONDS = 86_400;

/**
 * The address to show once the one-time parameters are used: `custom` is removed (spec 01 §4,
 * so a reload or a copied address never carries a credential) and `to` is removed after it
 * chose the screen to open (spec 01 §2). Null when nothing changes.
 */
export function launchAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  const query = new URLSearchParams(location.search);
  if (!query.has('custom') && !query.has('to')) return null;
  const to = query.get('to')?.trim() ?? '';
  query.delete('custom');
  query.delete('to');
  const pathname = isScreenName(to) ? `/${to}` : location.pathname;
  const search = query.toString();
  return `${pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * The screen this page load opens: the one `to` names, else the path's. Read before the address
 * is tidied up, so what the first render needs (its texts) is that screen's.
 */
export function launchScreen(location: Pick<Location, 'pathname' | 'search'>): ScreenName | null {
  const to = new URLSearchParams(location.search).get('to')?.trim() ?? '';
  return isScreenName(to) ? to : screenFromPath(location.pathname);
}

/** Rewrites the address as launchAddress says, without a history entry (before the router starts). */
export function applyLaunchAddress(): void {
  const next = launchAddress(window.location);
  if (next !== null) window.history.replaceState(window.history.state, '', next);
}

/**
 * Signs in with the `custom` credential, if the address had one: a one-time ticket is exchanged
 * for a session, a token is used as it is. Returns the failure, if any, for the shell to show.
 */
export async function signInWithCustomCredential(launch: LaunchParams): Promise<ApiError | null> {
  if (!launch.custom) return null;
  const credential = decodeCustomCredential(launch.custom);
  if (!credential) return null;
  if ('token' in credential) {
    saveSession({
      user_id: credential.user_id,
      token: credential.token,
      refresh_token: '',
      expires_in: HANDED_TOKEN_LIFETIME_SECONDS,
    });
    return null;
  }
  try {
    await signInWithTicket(credential.ticket);
    return null;
  } catch (error) {
    return error as ApiError;
  }
}
