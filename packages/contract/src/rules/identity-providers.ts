import type { Region } from './region.js';

/**
 * Third-party sign-in: the providers and which build offers which (its failures are in
 * errors/oauth.ts). Kept apart from the route definitions so the web app's first screen can name
 * them without loading any route's schemas (docs/bundle-budget.md).
 */

/** Third-party sign-in methods that can be bound (spec 01 §5, docs/architecture.md#sign-in). */
export const identityProviders = ['weixin', 'qq', 'weibo', 'google', 'facebook'] as const;
export type IdentityProvider = (typeof identityProviders)[number];

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
