import type { IdentityProvider, Region } from '@account-centre/contract';

/** A way to sign in: an address, or a third-party identity. */
export type SignInMethod = 'email' | 'mobile' | IdentityProvider;

/**
 * Which methods count in each build (spec 01 §5): phone, QQ, WeChat and Weibo only in the
 * domestic one; e-mail in both; Google and Facebook are the overseas build's third parties.
 */
const countsIn: Record<Region, readonly SignInMethod[]> = {
  domestic: ['email', 'mobile', 'weixin', 'qq', 'weibo'],
  overseas: ['email', 'google', 'facebook'],
};

/**
 * The only-binding rule (spec 01 §5): a method may be unbound only if another method that
 * counts in the caller's build remains. A password is not a method of its own: it signs in
 * through an address.
 */
export function mayUnbind(
  bound: { email: string | null; mobile: string | null; identities: readonly IdentityProvider[] },
  removing: SignInMethod,
  region: Region,
): boolean {
  const methods: SignInMethod[] = [...bound.identities];
  if (bound.email !== null) methods.push('email');
  if (bound.mobile !== null) methods.push('mobile');
  return methods.some((method) => method !== removing && countsIn[region].includes(method));
}
