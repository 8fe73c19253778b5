import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type IdentityProvider, identityProviders } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { devToolsOnly } from '../../lib/dev-tools-access.js';
import type { OAuthConfig, OAuthSandbox } from './oauth.config.js';

/**
 * The sandbox sign-in provider (docs/decisions/024): in development, every third-party method of
 * spec 01 §2 that no real provider is configured for — WeChat, QQ and Weibo at home, Google and
 * Facebook abroad — is served by a real OpenID provider inside this server, under the dev tools'
 * path, so each row of the account screen can be seen and tried: bind, unbind, sign in, "already
 * bound to another account". The account centre talks to it exactly as to a real provider
 * (discovery, authorization redirect, code exchange with PKCE, signed ID token), over HTTP to
 * itself. Never in production: the configuration refuses it there.
 */
export const SANDBOX_PATH = '/api/dev/oauth';
export const SANDBOX_CLIENT_ID = 'account-centre-sandbox';

/** Where our callback of a provider is, at each public address. */
export const callbackUrls = (publicUrls: readonly string[], provider: IdentityProvider) =>
  publicUrls.map((url) => `${url}/api/auth/oauth/${provider}/callback`);

/**
 * The OAuth configuration with the sandbox standing in for every provider not configured. With
 * no public address configured, a development start is reached at localhost or 127.0.0.1 on its
 * port: both are public addresses, so a flow's cookie and callback share the origin it began on.
 * The issuer is on 127.0.0.1, which the server's own requests reach without a resolver.
 */
export function withSandboxProviders(oauth: OAuthConfig, port: number): OAuthConfig & { sandbox: OAuthSandbox } {
  const publicUrls =
    oauth.publicUrls.length > 0 ? oauth.publicUrls : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const configured = new Set(oauth.providers.map((provider) => provider.name));
  const missing = identityProviders.filter((provider) => !configured.has(provider));
  const clientSecret = randomBytes(24).toString('base64url');
  return {
    publicUrls,
    providers: [
      ...oauth.providers,
      ...missing.map((name) => ({
        name,
        kind: 'oidc' as const,
        issuer: `http://127.0.0.1:${port}${SANDBOX_PATH}/${name}`,
        clientId: SANDBOX_CLIENT_ID,
        clientSecret,
        scope: 'openid',
      })),
    ],
    sandbox: { providers: missing, clientSecret },
  };
}

/**
 * A real OpenID provider (oidc-provider's own development login and consent pages: the login
 * typed there is the third-party account's id) with one confidential client, ours. Loaded only
 * when used: it is a development dependency.
 */
export async function identityProviderServer(
  issuer: string,
  client: { clientId: string; clientSecret: string; redirectUris: string[] },
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const provider = await withoutDevelopmentNotices(async () => {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
      cookies: { keys: [randomBytes(16).toString('hex')] },
      pkce: { required: () => true },
    });
  });
  return provider.callback();
}

/**
 * The warnings oidc-provider prints of itself while it is loaded and built: that its storage,
 * signing keys and login pages are for development only (and which Node.js versions it supports).
 * They say what the sandbox is by design, yet came three to a provider, fifteen lines on every
 * start of a development server, burying its own. Only those are held back, only while `build`
 * runs; any other warning is printed as ever.
 */
const DEVELOPMENT_NOTICES = [/development-only/, /Unsupported runtime/];

async function withoutDevelopmentNotices<T>(build: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    const notice =
      typeof first === 'string' &&
      first.includes('oidc-provider WARNING:') &&
      DEVELOPMENT_NOTICES.some((pattern) => pattern.test(first));
    if (!notice) warn(...args);
  };
  try {
    return await build();
  } finally {
    console.warn = warn;
  }
}

/**
 * Serves the sandbox providers under `/api/dev/oauth/<provider>/…` to callers on this machine
 * (dev tools' rule). Requests are handed to the provider as they came: its forms and token
 * requests are read by it, not parsed here.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const oauth = app.config.oauth;
  if (!oauth.sandbox) return;
  app.addHook('onRequest', devToolsOnly(app.config));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  for (const name of oauth.sandbox.providers) {
    const config = oauth.providers.find((provider) => provider.name === name);
    if (config?.kind !== 'oidc') continue;
    const prefix = `${SANDBOX_PATH}/${name}`;
    const serve = await identityProviderServer(config.issuer, {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      redirectUris: callbackUrls(oauth.publicUrls, name),
    });
    app.all(`${prefix}/*`, (request, reply) => {
      reply.hijack();
      // The provider routes on the path below its issuer; it is told where it is mounted.
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(prefix.length) || '/';
      serve(raw, reply.raw);
    });
  }
}
