import { defineSettings, type SettingDoc } from '../../lib/settings.js';
import { type OAuthConfig, readOAuthConfig } from './oauth.config.js';
import { withSandboxProviders } from './sandbox.js';

export interface OAuthSettings {
  /**
   * Third-party sign-in providers (docs/architecture.md#sign-in): none unless `OAUTH_PROVIDERS` lists them, and in
   * development the sandbox standing in for the others (`oauthSandbox`, decision 024).
   */
  oauth: OAuthConfig;
  /** The built-in sandbox provider serves every provider not configured; never in production. */
  oauthSandbox: boolean;
}

/** A variable of each listed provider, `OAUTH_<NAME>_…` (`<NAME>`: as in `OAUTH_PROVIDERS`, e.g. `GOOGLE`). */
const perProvider = (suffix: string, fallback: string, meaning: string): SettingDoc => ({
  name: `OAUTH_<NAME>_${suffix}`,
  default: fallback,
  meaning,
});

export const oauthSettings = defineSettings<OAuthSettings>({
  module: 'oauth',
  variables: [
    {
      name: 'OAUTH_PROVIDERS',
      default: '—',
      meaning: 'third-party sign-in, off unless listed: `google,facebook,wechat,qq,weibo`',
    },
    {
      name: 'OAUTH_SANDBOX',
      default: 'on in development',
      meaning:
        'the built-in sandbox provider stands in for every provider not listed (decision 024); never in production',
    },
    {
      name: 'OAUTH_PUBLIC_URL',
      default: '—',
      meaning:
        "this site's public origin, for provider callbacks (required with providers); comma-separated when it has one per region's host",
    },
    perProvider('CLIENT_ID', '—', "a listed provider's client id (required)"),
    perProvider('CLIENT_SECRET', '—', "a listed provider's client secret (required)"),
    perProvider('SCOPE', '`openid` (OIDC), none (OAuth 2)', 'the scope asked for'),
    perProvider(
      'ISSUER',
      '—',
      'an OIDC provider, found by discovery; or, for OAuth 2-only providers, the three URLs below',
    ),
    perProvider('AUTHORIZATION_URL', '—', "an OAuth 2-only provider's authorization endpoint"),
    perProvider('TOKEN_URL', '—', "an OAuth 2-only provider's token endpoint"),
    perProvider(
      'USERINFO_URL',
      '—',
      "an OAuth 2-only provider's user-information endpoint, if the token answer lacks the user",
    ),
    perProvider('SUBJECT_FIELD', '`openid`', "the JSON field naming the user in an OAuth 2-only provider's answer"),
  ],
  read: (reader, server) => {
    let oauth: OAuthConfig = readOAuthConfig(reader.env, reader.problems);
    // Development offers every third-party row through the built-in sandbox provider (decision
    // 024); production shows only the providers configured.
    const oauthSandbox = reader.bool('OAUTH_SANDBOX', server.nodeEnv === 'development');
    if (oauthSandbox) {
      if (server.production) reader.problem('OAUTH_SANDBOX cannot be on when NODE_ENV=production');
      else if (!server.devTools) reader.problem('OAUTH_SANDBOX needs DEV_TOOLS: its provider answers under /api/dev/');
      else oauth = withSandboxProviders(oauth, server.port);
    }
    return { oauth, oauthSandbox };
  },
});
