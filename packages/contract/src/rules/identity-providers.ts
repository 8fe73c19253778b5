import type { Region } from './region.js';

/**
 * Third-party sign-in: the providers, which build offers which, and the stable messages of
 * its flows. Kept apart from the route definitions so the web app's first screen can name
 * them without loading any route's schemas (docs/bundle-budget.md).
 */

/** Third-party sign-in methods that can be bound (spec 01 §5, DESIGN §2). */
export const identityProviders = ['weixin', 'qq', 'weibo', 'google', 'facebook'] as const;
export type IdentityProvider = (typeof identityProviders)[number];

/**
 * Stable `msg` values of third-party sign-in (spec 01 §5, §8). The callback page hands the
 * same values to the opener window in its message.
 */
export const OAuthMsg = {
  /** Binding is refused on a phone or tablet browser: bind from a computer (bindFromPC). */
  bindFromPc: 'bind from pc',
  /** The provider is not configured on this server. */
  notConfigured: 'provider not configured',
  /** The callback's state is unknown, used, expired or for another provider. */
  invalidState: 'invalid state',
  /** The provider refused the code, or its answer or ID token did not verify. */
  providerRejected: 'provider rejected',
  /** The third-party identity is bound to another account; nothing was changed. */
  identityInUse: 'identity in use',
  /** Signing in with an identity no account has bound. */
  identityNotBound: 'identity not bound',
  /** The user declined at the provider, or the provider reported an error. */
  cancelled: 'cancelled',
} as const;

/**
 * The third-party sign-in methods each build offers and counts (spec 01 §2, §5): WeChat, QQ
 * and Weibo in the domestic build, Google and Facebook overseas.
 */
export const regionIdentityProviders: Record<Region, readonly IdentityProvider[]> = {
  domestic: ['weixin', 'qq', 'weibo'],
  overseas: ['google', 'facebook'],
};

/** What a started flow is for: binding, signing in, or confirming the closing of the account. */
export const oauthFlowPurposes = ['bind', 'sign-in', 'close'] as const;
export type OAuthFlowPurpose = (typeof oauthFlowPurposes)[number];
