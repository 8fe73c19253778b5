import type { Region, SignInResult } from '@account-centre/contract';
import type { Static } from 'typebox';
import { createAccount } from '../../src/modules/auth/accounts.service.js';
import { DOMESTIC_HOST, login, OVERSEAS_HOST, PASSWORD, requestCode, uniqueEmail, uniqueMobile } from './auth.js';
import type { TestApp } from './test-app.js';

export const hostOf = (region: Region) => (region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST);

/** An account signed in outside testUser (registered or signed in by a test) as the caller of `call`. */
export const asCaller = (signIn: { user_id: number; token: string }, region: Region = 'domestic') => ({
  userId: signIn.user_id,
  token: signIn.token,
  region,
});

/** A person of a test, signed in through the API. */
export interface SignedInUser {
  userId: number;
  token: string;
  refreshToken: string;
  email: string | null;
  mobile: string | null;
  /** Null for an account without a password (a phone account signed in by code). */
  password: string | null;
  region: Region;
  /** Bearer credentials and the host of the user's region (or of another one). */
  headers(region?: Region): Record<string, string>;
  /** Signs in again (a new session at the clock's time), e.g. after the test moved the clock. */
  signInAgain(): Promise<void>;
}

/** The usual test user: an e-mail account with a password. */
export interface TestUser extends SignedInUser {
  email: string;
  password: string;
}

/** A domestic phone account without a password, signed in by an SMS code of purpose 8. */
export interface PhoneUser extends SignedInUser {
  mobile: string;
  password: null;
}

export interface TestUserOptions {
  region?: Region;
  via?: 'email' | 'mobile';
}

type SignIn = Static<typeof SignInResult>;

/**
 * The one way tests make a user: created through the sign-in module's account creation (the
 * code-and-register dance is the register tests' subject, not every test's) and signed in
 * through the API, as a person would be. Test apps hash passwords at the minimal cost, so a
 * user costs a few milliseconds.
 */
export function testUser(t: TestApp, options?: { region?: Region; via?: 'email' }): Promise<TestUser>;
export function testUser(t: TestApp, options: { via: 'mobile' }): Promise<PhoneUser>;
export async function testUser(t: TestApp, options: TestUserOptions = {}): Promise<SignedInUser> {
  const via = options.via ?? 'email';
  const region = via === 'mobile' ? 'domestic' : (options.region ?? 'domestic');
  const email = via === 'email' ? uniqueEmail('user') : null;
  const mobile = via === 'mobile' ? uniqueMobile() : null;
  const password = via === 'email' ? PASSWORD : null;
  const account = await createAccount(t.app, {
    ...(email ? { email } : {}),
    ...(mobile ? { mobile } : {}),
    ...(password ? { password } : {}),
    region,
  });

  const signIn = async (): Promise<SignIn & { refresh_token: string }> => {
    const credentials = mobile
      ? { account: mobile, code: await requestCode(t, { purpose: 8, mobile }, DOMESTIC_HOST) }
      : { account: email, password };
    const res = await login(t, credentials);
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    // Signed in as a desktop client does (no cookie header): the refresh token is in the body.
    const data = res.json().data as SignIn;
    if (data.refresh_token === undefined) throw new Error('sign-in answered without a refresh token');
    return { ...data, refresh_token: data.refresh_token };
  };

  const first = await signIn();
  const user: SignedInUser = {
    userId: account.user_id,
    token: first.token,
    refreshToken: first.refresh_token,
    email,
    mobile,
    password,
    region,
    headers: (asRegion = region) => ({ authorization: `Bearer ${user.token}`, host: hostOf(asRegion) }),
    signInAgain: async () => {
      if (mobile) t.clock.advance(61); // one code per address per minute
      const next = await signIn();
      user.token = next.token;
      user.refreshToken = next.refresh_token;
    },
  };
  return user;
}
