import { createTicketRoute } from '@account-centre/contract';
import { apiCall } from '../api';
import { type HostMode, getBuildContext } from '../build-context';
import { encodeCustomCredential, getSession } from '../session';
import { host, hostTransport } from './host-bridge';

/**
 * Adds a one-time sign-in credential to an address as `custom`, so the page opened in the
 * system browser starts signed in without a long-lived token ever sitting in a URL
 * (docs/architecture.md#sign-in). Without a session, or if no ticket can be had, the address goes unchanged:
 * the page then asks the visitor to sign in.
 */
export async function withOneTimeCredential(url: string): Promise<string> {
  const session = getSession();
  if (!session) return url;
  try {
    const reply = await apiCall(createTicketRoute);
    const target = new URL(url, window.location.href);
    target.searchParams.set(
      'custom',
      encodeCustomCredential({ user_id: reply.data.user_id, ticket: reply.data.ticket }),
    );
    return target.toString();
  } catch {
    return url;
  }
}

/**
 * Opens an address outside the account centre. In the desktop client and the tablet or mobile
 * frame it goes through the host, which opens the system browser, with a one-time credential
 * (spec 01 §6); in a browser it opens in a new tab, which needs the click's user activation,
 * so nothing is awaited first.
 */
export async function openExternal(url: string, hostMode: HostMode = getBuildContext().hostMode): Promise<void> {
  if (hostMode !== 'browser' && hostTransport()) {
    host.openOutsideUrl(await withOneTimeCredential(url));
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
