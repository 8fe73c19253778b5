/**
 * Messaging with the program the account centre runs inside (spec 01 §7, docs/architecture.md#host-modes). The
 * rest of the app calls the functions of this module and never `postMessage` itself.
 *
 * Every message, both ways, is an object `{ channel: 'account-centre', type, payload }`
 * (a JSON string of one is accepted too).
 *
 * Transports:
 * - Desktop client: the client puts an object on the page's window before the app starts,
 *   `window.AccountCentreHost = { postMessage(json: string): void, version?: string }`. The app
 *   sends by calling `postMessage` with the message as JSON. The client sends by evaluating
 *   `window.postMessage(message, '*')` in the page.
 *   What a client does beyond the messages every client handles, it declares in an optional
 *   list, `capabilities?: string[]`; the app offers features that need one only when it is
 *   listed (hostSupports). `'signOut'`: the client signs out when sent `signOut`, so the account
 *   screen may offer a sign-out link (spec 01 §2: the diagram client must expose sign-out).
 * - Tablet or mobile frame (the app is in an iframe): the app sends with
 *   `window.parent.postMessage(message, parentOrigin)`; the frame sends with
 *   `iframe.contentWindow.postMessage(message, appOrigin)`. Only the parent's messages are read.
 * When both exist, the desktop object wins; with neither, there is no host and sends are no-ops.
 */

export const HOST_CHANNEL = 'account-centre';

/** The object a desktop client provides on `window`. */
export interface DesktopHost {
  postMessage(json: string): void;
  /** The client's version, for features that need a minimum version. */
  version?: string;
  /** What the client can do beyond the common messages (see the header of this file). */
  capabilities?: readonly HostCapability[];
}

/** Abilities a desktop client declares in `capabilities`. */
export type HostCapability = 'signOut';

declare global {
  interface Window {
    AccountCentreHost?: DesktopHost;
  }
}

/** Messages the app sends, with their payloads. */
export interface OutgoingMessages {
  /** The order screen has loaded its data. */
  orderLoaded: Record<string, never>;
  /** The user's name or avatar changed (and once when first loaded), so the client shows the same. */
  updateUserInfo: { user_id: number; nick_name: string; avatar_url: string | null };
  /** Open an address in the system browser. */
  openOutsideUrl: { url: string };
  /** Let the user pick a photo with the client's own picker (answered by `uploadAvator`). */
  showSelectPhotoDrawer: Record<string, never>;
  /** Download a receipt through the client. */
  downloadInvoice: { url: string; order_id?: string };
  /** A licence, gift or project code was bound: the client reloads its licence. */
  bindSuccess: { kind: string; product?: string };
  /** The session ended: the client signs out. */
  signOut: Record<string, never>;
  /**
   * The device the client runs on was unbound, which signed its session out (spec 01 §4
   * "Device unbind"): the client closes the account centre's dialog.
   */
  closeDialog: Record<string, never>;
  /**
   * After `loginShowDeviceModal`, a device of the product was unbound: a slot is free, so the
   * client activates its own device again.
   */
  retryLogin: { product: string };
}

/** Messages the host sends, with their payloads. */
export interface IncomingMessages {
  /** The client signed in again or renewed its token: use this one. */
  updateToken: { user_id: number; token: string; refresh_token?: string; expires_in?: number };
  /** The client asks to show the signed-in devices (its device limit was reached). */
  loginShowDeviceModal: Record<string, unknown>;
  /** The photo picked after `showSelectPhotoDrawer`, as a data URL. */
  uploadAvator: { image: string };
}

export type OutgoingType = keyof OutgoingMessages;
export type IncomingType = keyof IncomingMessages;
export type Transport = 'desktop' | 'frame';

type Handler<T extends IncomingType> = (payload: IncomingMessages[T]) => void;
const handlers: { [T in IncomingType]: Set<Handler<T>> } = {
  updateToken: new Set(),
  loginShowDeviceModal: new Set(),
  uploadAvator: new Set(),
};

function desktopHost(): DesktopHost | null {
  const host = window.AccountCentreHost;
  return host && typeof host.postMessage === 'function' ? host : null;
}

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The frame's origin, so messages (some carry one-time credentials) go to it only. The server's
 * frame-ancestors policy already limits who may frame the app; this keeps messages from going
 * anywhere else if the parent navigates away.
 */
function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Whether the desktop client declares a capability (a page outside a client has none). */
export function hostSupports(capability: HostCapability): boolean {
  const capabilities: unknown = desktopHost()?.capabilities;
  return Array.isArray(capabilities) && capabilities.includes(capability);
}

/** How messages reach the host now, or null when there is none. */
export function hostTransport(): Transport | null {
  if (desktopHost()) return 'desktop';
  if (isFramed()) return 'frame';
  return null;
}

/** Sends a message to the host; false when there is no host to send to. */
export function sendToHost<T extends OutgoingType>(type: T, payload: OutgoingMessages[T]): boolean {
  const message = { channel: HOST_CHANNEL, type, payload };
  const host = desktopHost();
  if (host) {
    host.postMessage(JSON.stringify(message));
    return true;
  }
  if (isFramed()) {
    window.parent.postMessage(message, parentOrigin() ?? '*');
    return true;
  }
  return false;
}

function parseMessage(data: unknown): { type: string; payload: unknown } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { channel, type, payload } = value as Record<string, unknown>;
  if (channel !== HOST_CHANNEL || typeof type !== 'string') return null;
  return { type, payload: payload ?? {} };
}

function validPayload(type: IncomingType, payload: unknown): boolean {
  if (!payload || typeof payload !== 'object') return false;
  const record = payload as Record<string, unknown>;
  switch (type) {
    case 'updateToken':
      return (
        typeof record.user_id === 'number' &&
        Number.isInteger(record.user_id) &&
        record.user_id > 0 &&
        typeof record.token === 'string' &&
        record.token !== '' &&
        (record.refresh_token === undefined || typeof record.refresh_token === 'string') &&
        (record.expires_in === undefined || (typeof record.expires_in === 'number' && record.expires_in > 0))
      );
    case 'uploadAvator':
      return typeof record.image === 'string' && record.image.startsWith('data:image/');
    case 'loginShowDeviceModal':
      return true;
  }
}

function isIncomingType(type: string): type is IncomingType {
  return Object.prototype.hasOwnProperty.call(handlers, type);
}

function fromHost(event: MessageEvent): boolean {
  // The desktop client evaluates window.postMessage in the page: the source is the page itself.
  if (event.source === window) return true;
  if (!isFramed() || event.source !== window.parent) return false;
  const expected = parentOrigin();
  return expected === null || event.origin === expected;
}

function onMessage(event: MessageEvent) {
  if (!fromHost(event)) return;
  const message = parseMessage(event.data);
  if (!message || !isIncomingType(message.type) || !validPayload(message.type, message.payload)) return;
  const type = message.type;
  for (const handler of [...handlers[type]]) (handler as Handler<typeof type>)(message.payload as never);
}

let listening = 0;

/** Starts reading the host's messages; the returned function stops. */
export function startHostBridge(): () => void {
  if (listening++ === 0) window.addEventListener('message', onMessage);
  return () => {
    if (--listening === 0) window.removeEventListener('message', onMessage);
  };
}

/** Calls `handler` for each message of one type from the host; returns the unsubscribe. */
export function onHostMessage<T extends IncomingType>(type: T, handler: Handler<T>): () => void {
  const set = handlers[type] as Set<Handler<T>>;
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** The outgoing messages as functions (spec 01 §7). */
export const host = {
  orderLoaded: () => sendToHost('orderLoaded', {}),
  updateUserInfo: (info: OutgoingMessages['updateUserInfo']) => sendToHost('updateUserInfo', info),
  openOutsideUrl: (url: string) => sendToHost('openOutsideUrl', { url }),
  showSelectPhotoDrawer: () => sendToHost('showSelectPhotoDrawer', {}),
  downloadInvoice: (url: string, orderId?: string) =>
    sendToHost('downloadInvoice', orderId === undefined ? { url } : { url, order_id: orderId }),
  bindSuccess: (detail: OutgoingMessages['bindSuccess']) => sendToHost('bindSuccess', detail),
  signOut: () => sendToHost('signOut', {}),
  closeDialog: () => sendToHost('closeDialog', {}),
  retryLogin: (product: string) => sendToHost('retryLogin', { product }),
};
