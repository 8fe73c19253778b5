import { Type } from 'typebox';
import { EmptyEnvelope, Envelope } from '../http/envelope.js';
import { Id, Text } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { strict } from '../http/schema.js';
import { identityProviders, oauthFlowPurposes } from '../rules/identity-providers.js';

const ProviderParams = Type.Object({ provider: Type.Enum(identityProviders) }, strict);
const UserProviderParams = Type.Object({ userId: Id(), provider: Type.Enum(identityProviders) }, strict);

const AuthorizationStart = Type.Object({
  url: Type.String({
    description:
      'the provider’s authorization page, to open in a 600×600 popup; with `handoff`, a one-time link of ours that continues the flow in the browser that opens it (the desktop client’s system browser)',
  }),
  expires_in: Type.Integer({ description: 'seconds the link or the started flow stays valid' }),
});

/**
 * `handoff=true`: the flow will end in another browser than the caller's (the desktop or tablet
 * client opens it in the system browser, spec 01 §6). The flow's browser cookie cannot travel
 * there, so the answer is a short-lived, one-time link on our origin that sets it in whichever
 * browser opens it first and then goes on to the provider.
 */
const FlowStartQuery = Type.Object({ handoff: Type.Optional(Type.Boolean()) }, strict);

export const startIdentityBindRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/identity/:provider/start',
  summary:
    'Start binding a third-party sign-in (spec 01 §5): the provider’s authorization URL; refused from a mobile browser (`bind from pc`)',
  tags: ['account'],
  access: 'user',
  params: UserProviderParams,
  querystring: FlowStartQuery,
  reply: Envelope(AuthorizationStart),
});

export const startCloseByIdentityRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/close/identity/:provider/start',
  summary:
    'Start closing the account by a fresh sign-in with a bound OIDC provider: the callback verifies its ID token as `POST /api/user/:userId/close/identity` does, then closes',
  tags: ['account'],
  access: 'user',
  params: UserProviderParams,
  querystring: FlowStartQuery,
  reply: Envelope(AuthorizationStart),
});

/** A configured provider, as the sign-in and account screens offer it. */
export const OAuthProviderInfo = Type.Object({
  provider: Type.Enum(identityProviders),
  can_close: Type.Boolean({
    description: 'an OIDC provider: a sign-in with it proves the owner well enough to close the account',
  }),
});

export const listOAuthProvidersRoute = defineRoute({
  method: 'GET',
  path: '/api/auth/oauth/providers',
  summary: 'The third-party sign-in providers this server has configured (none by default)',
  tags: ['auth'],
  access: 'public',
  reply: Envelope(Type.Array(OAuthProviderInfo)),
});

export const BoundIdentity = Type.Object({
  provider: Type.Enum(identityProviders),
  created_at: Type.Integer({ description: 'when it was bound (unix seconds)' }),
});

export const listIdentitiesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/identity',
  summary: 'The third-party sign-ins bound to the account, every provider (the user info names only WeChat, QQ, Weibo)',
  tags: ['account'],
  access: 'user',
  params: Type.Object({ userId: Id() }, strict),
  reply: Envelope(Type.Array(BoundIdentity)),
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
    code: Type.Optional(Text({ maxLength: 2048 })),
    state: Type.Optional(Text({ maxLength: 256 })),
    error: Type.Optional(Text({ maxLength: 256 })),
    error_description: Type.Optional(Text({ maxLength: 2048 })),
  },
  // Providers add their own parameters (OIDC `iss`, `session_state`, Google `scope`, …): text too.
  { additionalProperties: Text({ maxLength: 2048 }) },
);
export const OAUTH_CALLBACK_PATH = '/api/auth/oauth/:provider/callback';
export const OAuthCallbackParams = ProviderParams;

/** Where a handoff link (see FlowStartQuery) leads: sets the flow's cookie, then redirects to the provider. */
export const OAUTH_HANDOFF_PATH = '/api/auth/oauth/:provider/continue';
export const OAuthHandoffQuery = Type.Object({ handoff: Text({ minLength: 16, maxLength: 256 }) }, strict);

/** What the callback page posts to `window.opener` (same origin only). */
export const OAuthPopupMessage = Type.Object({
  type: Type.Literal('account-centre:oauth'),
  provider: Type.Enum(identityProviders),
  purpose: Type.Union([Type.Enum(oauthFlowPurposes), Type.Null()]),
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
  params: Type.Object({ userId: Id() }, strict),
  body: Type.Object(
    { provider: Type.Enum(identityProviders), id_token: Text({ minLength: 16, maxLength: 8192 }) },
    strict,
  ),
  reply: EmptyEnvelope,
});
