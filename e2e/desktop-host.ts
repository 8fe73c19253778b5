import type { APIRequestContext, Frame, Page } from '@playwright/test';
import {
  type SignInResult,
  type TestUser,
  createTicket,
  customParam,
  domesticUrl,
  harnessUrl,
  logIn,
} from './fixtures.js';
import { DOMESTIC_HOST } from './ports.js';

/** A message the page sent its desktop host, as recorded by `recordHostMessages`. */
export interface HostMessage {
  channel: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Acts as a desktop client's host object on every page load: it declares `version` and
 * `capabilities` when given, and records each message the page sends it.
 */
export function recordHostMessages(page: Page, client: { version?: string; capabilities?: string[] } = {}) {
  return page.addInitScript(({ version, capabilities }) => {
    const messages: unknown[] = [];
    (window as unknown as { hostMessages: unknown[] }).hostMessages = messages;
    (window as unknown as { AccountCentreHost: unknown }).AccountCentreHost = {
      ...(version === undefined ? {} : { version }),
      ...(capabilities === undefined ? {} : { capabilities }),
      postMessage: (json: string) => messages.push(JSON.parse(json)),
    };
  }, client);
}

/** The messages the current page has sent its host, of one type when `type` is given. */
export async function hostMessages(page: Page, type?: string): Promise<HostMessage[]> {
  const all = await page.evaluate(() => (window as unknown as { hostMessages: HostMessage[] }).hostMessages);
  return type === undefined ? all : all.filter((message) => message.type === type);
}

/** The addresses the page has asked its host to open outside the client (`openOutsideUrl`), in order. */
export async function urlsOpenedOutside(page: Page): Promise<unknown[]> {
  return (await hostMessages(page, 'openOutsideUrl')).map((message) => message.payload.url);
}

/** A message the host harness (harness/host.js) recorded from the app it frames, and how it came. */
export interface HarnessRecord {
  transport: 'desktop' | 'frame';
  /** The app's origin, for a message posted to the frame's parent. */
  origin?: string;
  message: { type: string; payload: unknown };
}

/**
 * Gives the app framed in the host harness the desktop client's host object before it starts;
 * its messages are forwarded to the harness, which records them as the `desktop` transport.
 */
export async function actAsFramedDesktopClient(page: Page): Promise<void> {
  await page.addInitScript((appOrigin) => {
    if (window.location.origin !== appOrigin) return;
    (window as unknown as { AccountCentreHost: unknown }).AccountCentreHost = {
      version: '12.3.0',
      postMessage(json: string) {
        window.parent.postMessage({ transport: 'desktop', json }, '*');
      },
    };
  }, `http://${DOMESTIC_HOST}`);
}

/**
 * Opens `path` of the domestic app in the host harness, signed in as `user` through a one-time
 * ticket as a host does it: the app's frame, and the session the ticket was made from.
 */
export async function openInHarness(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  path: string,
): Promise<{ frame: Frame; session: SignInResult }> {
  const session = await logIn(request, user);
  const ticket = await createTicket(request, user, session.token);
  const custom = encodeURIComponent(customParam({ user_id: user.userId, ticket }));
  await page.goto(harnessUrl(domesticUrl(`${path}${path.includes('?') ? '&' : '?'}custom=${custom}`)));
  const frame = page.frame({ url: (url) => url.host === DOMESTIC_HOST });
  if (!frame) throw new Error('the harness did not frame the app');
  return { frame, session };
}

/** Everything the harness has recorded so far, in order. */
export function harnessRecords(page: Page): Promise<HarnessRecord[]> {
  return page.evaluate(() => (window as unknown as { hostMessages: HarnessRecord[] }).hostMessages);
}

/** Sends the framed app a message as its host would. */
export function sendToFramedApp(page: Page, type: string, payload: unknown): Promise<void> {
  return page.evaluate(
    ([t, p]) => (window as unknown as { sendToApp: (t: string, p: unknown) => void }).sendToApp(t, p),
    [type, payload] as const,
  );
}
