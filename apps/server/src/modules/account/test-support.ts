import { getUserRoute } from '@account-centre/contract';
import { call } from '../../../test/helpers/call.js';
import {
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

/**
 * The person's account as the account screen reads it. Read on the domestic host whatever
 * the person's region, as the account tests always have.
 */
export async function infoOf(t: TestApp, who: Person) {
  return (await call(t, getUserRoute, { as: who, host: DOMESTIC_HOST })).ok().data;
}

export { PASSWORD as DEFAULT_PASSWORD, login };
