import {
  type IdentityProvider,
  type OAuthFlowPurpose,
  identityProviders,
  oauthFlowPurposes,
} from '@account-centre/contract';
import type { HostMode } from '../build-context';
import { host, hostTransport } from '../host-bridge';

/** What the server's callback page posts to this window (contract: OAuthPopupMessage). */
export interface PopupMessage {
  type: 'account-centre:oauth';
  provider: IdentityProvider;
  purpose: OAuthFlowPurpose | null;
  status: 'success' | 'error';
  msg: string;
  /** Sign-in only: the one-time login ticket the opener exchanges for a session. */
  ticket?: string;
}

export type FlowResult =
  /** The popup reported how the flow ended. */
  | { kind: 'done'; message: PopupMessage }
  /** The popup was closed before it reported anything (the user gave up, or its opener link was cut). */
  | { kind: 'closed' }
  /** The host opens the flow in the system browser; the outcome shows when the page is visible again. */
  | { kind: 'external' }
  /** The browser refused to open the popup. */
  | { kind: 'blocked' };

/** Spec 01 §5: a 600×600 popup. */
export const POPUP_SIZE = 600;
/** How often to look whether the user closed the popup. */
const CLOSED_POLL_MS = 500;
/**
 * The callback page posts its message and closes itself straight after: a closed popup may
 * still have a message on its way, so "closed" waits this long for it.
 */
const MESSAGE_GRACE_MS = 1000;

/** Checks a message event's data is a callback message: the page is ours, its data is still just data. */
export function parsePopupMessage(data: unknown): PopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, provider, purpose, status, msg, ticket } = data as Record<string, unknown>;
  if (type !== 'account-centre:oauth') return null;
  if (!identityProviders.includes(provider as IdentityProvider)) return null;
  if (purpose !== null && !oauthFlowPurposes.includes(purpose as OAuthFlowPurpose)) return null;
  if (status !== 'success' && status !== 'error') return null;
  if (typeof msg !== 'string') return null;
  if (ticket !== undefined && typeof ticket !== 'string') return null;
  return {
    type,
    provider: provider as IdentityProvider,
    purpose: purpose as OAuthFlowPurpose | null,
    status,
    msg,
    ...(ticket === undefined ? {} : { ticket }),
  };
}

/** Opens an empty popup of 600×600 centred on this window, or null when the browser blocks it. */
export function openCentredPopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_SIZE) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_SIZE) / 2));
  return window.open(
    'about:blank',
    'account-centre-oauth',
    `popup=yes,width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`,
  );
}

/**
 * Runs a third-party sign-in flow (binding, closing the account, or signing in) the way this
 * build can (spec 01 §5, §6):
 * - in the desktop client or the tablet frame, the host opens the flow in the system browser
 *   (`openOutsideUrl`); the link is a one-time handoff of ours, since the flow has to end in
 *   the browser that holds its cookie (docs/decisions/008);
 * - in a browser, a 600×600 popup. It is opened before anything is awaited, while the click's
 *   user activation lasts (browsers block popups opened later), and sent to the provider once
 *   the server has started the flow. Only a message from that popup, at this origin, counts.
 *
 * Call it straight from the click handler. `start` asks the server for the URL.
 */
export async function runIdentityFlow(
  provider: IdentityProvider,
  hostMode: HostMode,
  start: (handoff: boolean) => Promise<string>,
): Promise<FlowResult> {
  if (hostMode !== 'browser' && hostTransport()) {
    host.openOutsideUrl(await start(true));
    return { kind: 'external' };
  }
  const popup = openCentredPopup();
  if (!popup) return { kind: 'blocked' };
  let url: string;
  try {
    url = await start(false);
  } catch (error) {
    popup.close();
    throw error;
  }
  if (popup.closed) return { kind: 'closed' };
  popup.location.href = url;
  return waitForPopup(popup, provider);
}

function waitForPopup(popup: Window, provider: IdentityProvider): Promise<FlowResult> {
  return new Promise((resolve) => {
    let grace: number | undefined;
    const finish = (result: FlowResult) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(grace);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = parsePopupMessage(event.data);
      if (message?.provider === provider) finish({ kind: 'done', message });
    };
    const poll = window.setInterval(() => {
      if (popup.closed && grace === undefined)
        grace = window.setTimeout(() => finish({ kind: 'closed' }), MESSAGE_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
