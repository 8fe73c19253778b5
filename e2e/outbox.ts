import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Region } from '@account-centre/contract';
import { DOMESTIC_HOST, OVERSEAS_HOST, SERVER_ORIGIN } from './ports.js';

interface OutboxMessage {
  id: number;
  subject: string;
  body: string;
}

/** The newest message the server "sent" to an address or number (dev outbox), if any. */
async function newestMessage(
  request: APIRequestContext,
  region: Region,
  to: string,
): Promise<OutboxMessage | undefined> {
  const response = await request.get(`${SERVER_ORIGIN}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`, {
    headers: { Host: region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST },
  });
  return ((await response.json()) as { data: OutboxMessage[] }).data[0];
}

/** The id of the newest message to an address (0 when none), to wait for a newer one. */
export async function newestOutboxId(request: APIRequestContext, region: Region, to: string): Promise<number> {
  return (await newestMessage(request, region, to))?.id ?? 0;
}

/**
 * The code of the newest message to an address or number; waits for a message newer than
 * `after` (ids grow), so a code sent earlier is never picked up.
 */
export async function codeFor(request: APIRequestContext, region: Region, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const message = await newestMessage(request, region, to);
      if (!message || message.id <= after) return undefined;
      code = /\b(\d{6})\b/.exec(`${message.subject} ${message.body}`)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** A mainland mobile number nobody else in this run uses. */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 11);
}
