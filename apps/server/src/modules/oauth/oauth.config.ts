import { type IdentityProvider, identityProviders } from '@account-centre/contract';

/**
 * One third-party sign-in provider (off unless configured, docs/architecture.md#sign-in). `oidc` providers are
 * found by discovery from their issuer and prove the user with a signed ID token; `oauth2`
 * providers (WeChat, QQ, Weibo, Facebook's classic flow) have explicit endpoints and name the
 * user in a JSON field of the token answer or of the user-info answer.
 */
export type OAuthProviderConfig = {
  name: IdentityProvider;
  clientId: string;
  clientSecret: string;
  scope: string;
} & (
  | { kind: 'oidc'; issuer: string }
  | { kind: 'oauth2'; authorizationUrl: string; tokenUrl: string; userinfoUrl: string | null; subjectField: string }
);

export interface OAuthConfig {
  /**
   * The addresses users reach the account centre at (one per region's host when a server
   * serves both): callbacks and the popup's message target. A flow uses the one of the host it
   * was started on (see publicUrlFor), so its cookie and its callback share one origin.
   */
  publicUrls: string[];
  providers: OAuthProviderConfig[];
  /** Development only: the providers the built-in sandbox stands in for (sandbox.ts). */
  sandbox?: OAuthSandbox;
}

export interface OAuthSandbox {
  /** The providers it stands in for: those no real provider is configured for. */
  providers: IdentityProvider[];
  clientSecret: string;
}

/**
 * The public address for a request's host: the configured one with that host, else the first.
 * A proxy that hides the host (TRUST_PROXY off) gets the first, which is right for a server
 * with one address.
 */
export function publicUrlFor(config: OAuthConfig, requestHost: string | undefined): string {
  const host = requestHost?.toLowerCase();
  return config.publicUrls.find((url) => new URL(url).host === host) ?? config.publicUrls[0] ?? '';
}

type Env = Record<string, string | undefined>;

/** `wechat` is how operators usually spell the provider the API calls `weixin` (spec 01 §7). */
const aliases: Record<string, IdentityProvider> = { wechat: 'weixin' };

/**
 * Reads `OAUTH_PROVIDERS` (e.g. `google,wechat`) and, per listed name, `OAUTH_<NAME>_…`.
 * Problems are collected, never thrown one by one, so an operator sees every mistake at once.
 * Secrets are never echoed into a problem.
 */
export function readOAuthConfig(env: Env, problems: string[]): OAuthConfig {
  const listed = (env.OAUTH_PROVIDERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const providers: OAuthProviderConfig[] = [];
  const seen = new Set<IdentityProvider>();
  for (const listedName of listed) {
    const name: IdentityProvider | undefined =
      aliases[listedName] ?? identityProviders.find((provider) => provider === listedName);
    if (!name) {
      problems.push(
        `OAUTH_PROVIDERS: unknown provider "${listedName}" (known: wechat, ${identityProviders.join(', ')})`,
      );
      continue;
    }
    if (seen.has(name)) {
      problems.push(`OAUTH_PROVIDERS lists ${name} twice`);
      continue;
    }
    seen.add(name);
    const provider = readProvider(env, name, listedName.toUpperCase(), problems);
    if (provider) providers.push(provider);
  }

  // Comma-separated: a server answering on the domestic and the overseas host lists both.
  const publicUrls: string[] = [];
  for (const raw of (env.OAUTH_PUBLIC_URL ?? '').split(',').map((url) => url.trim())) {
    if (!raw) continue;
    const checked = endpoint(raw, 'OAUTH_PUBLIC_URL', problems, { localhostNames: true });
    if (!checked) continue;
    const url = new URL(checked);
    if (url.pathname !== '/' || url.search || url.hash) {
      problems.push('OAUTH_PUBLIC_URL must be an origin without a path (e.g. https://account.example.com)');
      continue;
    }
    publicUrls.push(url.origin);
  }
  if (listed.length > 0 && publicUrls.length === 0 && !problems.some((p) => p.startsWith('OAUTH_PUBLIC_URL'))) {
    problems.push('OAUTH_PUBLIC_URL is required when OAUTH_PROVIDERS is set (e.g. https://account.example.com)');
  }
  return { publicUrls, providers };
}

function readProvider(
  env: Env,
  name: IdentityProvider,
  prefix: string,
  problems: string[],
): OAuthProviderConfig | null {
  const key = (suffix: string) => `OAUTH_${prefix}_${suffix}`;
  const value = (suffix: string) => env[key(suffix)]?.trim() || null;
  const before = problems.length;

  const clientId = value('CLIENT_ID');
  const clientSecret = value('CLIENT_SECRET');
  if (!clientId) problems.push(`${key('CLIENT_ID')} is required`);
  if (!clientSecret) problems.push(`${key('CLIENT_SECRET')} is required`);

  const issuer = value('ISSUER');
  const authorizationUrl = value('AUTHORIZATION_URL');
  const tokenUrl = value('TOKEN_URL');
  const userinfoUrl = value('USERINFO_URL');
  const explicit = authorizationUrl !== null || tokenUrl !== null || userinfoUrl !== null;
  if (issuer && explicit) {
    problems.push(`${key('ISSUER')} (OIDC discovery) and explicit endpoint URLs exclude each other; set one`);
    return null;
  }
  if (!issuer && !explicit) {
    problems.push(`${prefix}: set ${key('ISSUER')} for OIDC, or ${key('AUTHORIZATION_URL')} and ${key('TOKEN_URL')}`);
    return null;
  }
  if (issuer) {
    const checked = endpoint(issuer, key('ISSUER'), problems);
    if (problems.length > before || !checked || !clientId || !clientSecret) return null;
    return { name, kind: 'oidc', issuer: checked, clientId, clientSecret, scope: value('SCOPE') ?? 'openid' };
  }
  if (!authorizationUrl) problems.push(`${key('AUTHORIZATION_URL')} is required with explicit endpoints`);
  if (!tokenUrl) problems.push(`${key('TOKEN_URL')} is required with explicit endpoints`);
  const authorization = authorizationUrl && endpoint(authorizationUrl, key('AUTHORIZATION_URL'), problems);
  const token = tokenUrl && endpoint(tokenUrl, key('TOKEN_URL'), problems);
  const userinfo = userinfoUrl && endpoint(userinfoUrl, key('USERINFO_URL'), problems);
  const subjectField = value('SUBJECT_FIELD') ?? 'openid';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(subjectField)) {
    problems.push(`${key('SUBJECT_FIELD')} must be a JSON field name (got "${subjectField}")`);
  }
  if (problems.length > before || !authorization || !token || !clientId || !clientSecret) return null;
  return {
    name,
    kind: 'oauth2',
    authorizationUrl: authorization,
    tokenUrl: token,
    userinfoUrl: userinfo || null,
    subjectField,
    clientId,
    clientSecret,
    scope: value('SCOPE') ?? '',
  };
}

/**
 * An endpoint must be https: codes and tokens travel through it. Plain http is accepted only
 * for the loopback interface, where a provider runs beside the server in development. The
 * public address may also be a `*.localhost` name (`localhostNames`): browsers resolve those to
 * the loopback interface themselves (RFC 6761), which lets a test machine reach both regions'
 * hosts (account.example.cn.localhost) without certificates. The server's own requests to a
 * provider get no such exception: its resolver makes no such promise.
 */
function endpoint(
  raw: string,
  name: string,
  problems: string[],
  { localhostNames = false }: { localhostNames?: boolean } = {},
): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} is not a valid URL`);
    return null;
  }
  const loopback =
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ||
    (localhostNames && url.hostname.endsWith('.localhost'));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    problems.push(`${name} must be an https URL (http only on the loopback interface)`);
    return null;
  }
  if (url.username || url.password) {
    problems.push(`${name} must not carry credentials`);
    return null;
  }
  return raw;
}
