import type { Region } from '@account-centre/contract';
import { createAccount } from '../../src/modules/auth/accounts.service.js';
import { DOMESTIC_HOST, login, OVERSEAS_HOST, PASSWORD, uniqueEmail } from './auth.js';
import type { TestApp } from './test-app.js';

export const hostOf = (region: Region) => (region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST);

export interface Customer {
  userId: number;
  token: string;
  email: string;
  region: Region;
  /** Bearer credentials and the host of the customer's region (or of another one). */
  headers(region?: Region): Record<string, string>;
  /** Signs in again (a new session at the clock's time), e.g. after the test moved the clock. */
  signInAgain(): Promise<void>;
}

async function signIn(t: TestApp, email: string): Promise<string> {
  const res = await login(t, { account: email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json().data as { token: string }).token;
}

/**
 * A user created through the sign-in module's account-creation function and signed in
 * through the API, as a person would be.
 */
export async function customer(t: TestApp, region: Region = 'domestic'): Promise<Customer> {
  const email = uniqueEmail('buyer');
  const account = await createAccount(t.app, { email, password: PASSWORD, region });
  const who: Customer = {
    userId: account.user_id,
    token: await signIn(t, email),
    email,
    region,
    headers: (asRegion = region) => ({ authorization: `Bearer ${who.token}`, host: hostOf(asRegion) }),
    signInAgain: async () => {
      who.token = await signIn(t, email);
    },
  };
  return who;
}
