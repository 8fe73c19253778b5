import { Type } from 'typebox';
import { EmptyEnvelope, Envelope } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { identityProviders } from './account.routes.js';

const strict = { additionalProperties: false } as const;

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

const ProviderParams = Type.Object({ provider: Type.Enum(identityProviders) }, strict);
const UserProviderParams = Type.Object(
  { userId: Type.Integer({ minimum: 1 }), provider: Type.Enum(identityProviders) },
  strict,
);

const AuthorizationStart = Type.Object({
  url: Type.String({ description: 'the provider’s authorization page, to open in a 600×600 popup or the host' }),
  expires_in: Type.Integer({ description: 'seconds the started flow stays valid' }),
});

export const startIdentityBindRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/identity/:provider/start',
  summary:
    'Start binding a third-party sign-in (spec 01 §5): the provider’s authorization URL; refused from a mobile browser (`bind from pc`)',
  tags: ['account'],
  access: 'user',
  params: UserProviderParams,
  reply: Envelope(AuthorizationStart),
});

export const startOAuthSignInRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/oauth/:provider/start',
  summary: 'Start signing in with a third-party identity: the provider’s authorization URL',
  tags: ['auth'],
  access: 'public',
  params: ProviderParams,
  reply: Envelope(AuthorizationStart),
});

/**
 * The provider redirects the popup here. The answer is a small HTML page, not an envelope: it
 * posts `OAuthPopupMessage` to the opener window and closes.
 */
export const OAuthCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 256 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    // Providers add their own parameters (OIDC `iss`, `session_state`, Google `scope`, …).
  },
  { additionalProperties: true },
);
export const OAUTH_CALLBACK_PATH = '/api/auth/oauth/:provider/callback';
export const OAuthCallbackParams = ProviderParams;

/** What the callback page posts to `window.opener` (same origin only). */
export const OAuthPopupMessage = Type.Object({
  type: Type.Literal('account-centre:oauth'),
  provider: Type.Enum(identityProviders),
  purpose: Type.Union([Type.Literal('bind'), Type.Literal('sign-in'), Type.Null()]),
  status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
  msg: Type.String(),
  /** Sign-in only: a one-time login ticket (60 s) for `POST /api/auth/ticket/exchange`. */
  ticket: Type.Optional(Type.String()),
});

export const closeByIdentityRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/close/identity',
  summary:
    'Close the account by a fresh third-party sign-in (spec 01 §7): an OIDC `id_token` of an identity bound to the account',
  tags: ['account'],
  access: 'user',
  params: Type.Object({ userId: Type.Integer({ minimum: 1 }) }, strict),
  body: Type.Object(
    { provider: Type.Enum(identityProviders), id_token: Type.String({ minLength: 16, maxLength: 8192 }) },
    strict,
  ),
  reply: EmptyEnvelope,
});
