import {
  bearer,
  DOMESTIC_HOST,
  login,
  OVERSEAS_HOST,
  PASSWORD,
  registerByEmail,
  requestCode,
  type SignIn,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import type { TestApp } from '../../../test/helpers/test-app.js';
import { createAccount } from '../auth/accounts.service.js';

export { DOMESTIC_HOST, OVERSEAS_HOST, PASSWORD, uniqueEmail, uniqueMobile };

export interface Person {
  userId: number;
  token: string;
  refreshToken: string;
  email: string | null;
  mobile: string | null;
}

/** An e-mail account with a password, registered through the API. */
export async function emailPerson(t: TestApp): Promise<Person> {
  const user = await registerByEmail(t);
  return { userId: user.user_id, token: user.token, refreshToken: user.refresh_token, email: user.email, mobile: null };
}

/** A domestic mobile account without a password, signed in by an SMS code. */
export async function mobilePerson(t: TestApp): Promise<Person> {
  const mobile = uniqueMobile();
  const account = await createAccount(t.app, { mobile, region: 'domestic' });
  const code = await requestCode(t, { purpose: 8, mobile }, DOMESTIC_HOST);
  const res = await login(t, { account: mobile, code });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const data = res.json().data as SignIn;
  return { userId: account.user_id, token: data.token, refreshToken: data.refresh_token, email: null, mobile };
}

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
