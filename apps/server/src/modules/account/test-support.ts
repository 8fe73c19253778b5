import {
  bearer,
  DOMESTIC_HOST,
  login,
  OVERSEAS_HOST,
  PASSWORD,
  requestCode,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import type { TestApp } from '../../../test/helpers/test-app.js';
import type { SignedInUser } from '../../../test/helpers/users.js';

export { DOMESTIC_HOST, OVERSEAS_HOST, PASSWORD, uniqueEmail, uniqueMobile };

/** Someone whose account the account-screen tests work on. */
export type Person = SignedInUser;

/**
 * A code of a purpose sent to an address through the public send route. Sends to one address
 * are 60 s apart whatever their purpose, so the clock moves past that first (access tokens
 * live 15 minutes: a test uses fewer than 14 codes per sign-in).
 */
export function codeFor(t: TestApp, purpose: number, address: string): Promise<string> {
  t.clock.advance(61);
  return address.includes('@')
    ? requestCode(t, { purpose, email: address }, OVERSEAS_HOST)
    : requestCode(t, { purpose, mobile: address }, DOMESTIC_HOST);
}

/** Calls a route of the person's own account. */
export function call(
  t: TestApp,
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  suffix: string,
  payload?: object,
  host = DOMESTIC_HOST,
) {
  return t.app.inject({
    method,
    url: `/api/user/${who.userId}${suffix}`,
    headers: { ...bearer(who.token), host },
    ...(payload ? { payload } : {}),
  });
}

export async function infoOf(t: TestApp, who: Person) {
  const res = await call(t, who, 'GET', '');
  if (res.statusCode !== 200) throw new Error(`user info failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown>;
}

export { PASSWORD as DEFAULT_PASSWORD, login };
