import type { Page } from '@playwright/test';

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
