import { Type } from 'typebox';
import { identityProviders } from '../rules/identity-providers.js';
import { EmptyEnvelope, Envelope } from '../http/envelope.js';
import { Id, Text } from '../http/input.js';
import { defineRoute, type HttpMethod, type SpecPath } from '../http/route.js';
import { strict } from '../http/schema.js';
import { Email, Mobile, Password, VerificationCode } from './auth.routes.js';
import { UserIdParams, UserInfo } from './user.routes.js';

// ---- the spec's own paths for these calls (spec 01 §7 "Account"; docs/decisions/007) ------

function specPath(
  name: string,
  method: HttpMethod,
  path: string,
  implied: Pick<SpecPath, 'params' | 'body'> = {},
): SpecPath {
  return { name, method, path, ...implied };
}

/** A domestic-shape call: the spec lists it for POST and PUT, under the User API with no user id. */
function domestic(name: string, implied: Pick<SpecPath, 'params' | 'body'> = {}): SpecPath[] {
  return (['POST', 'PUT'] as const).map((method) => specPath(name, method, `/api/user/${name}`, implied));
}

/** An overseas alternative: the spec gives no method, so the one a write takes, POST. */
function overseas(name: string, implied: Pick<SpecPath, 'params' | 'body'> = {}): SpecPath[] {
  return [specPath(name, 'POST', `/api/user/${name}`, implied)];
}

/**
 * `data.code` of the avatar and nickname answers (spec 01 §7 updateUserIcon, updateUserInfo):
 * 0 saved, 2 sensitive content. Failures repeat it in the envelope's `code`.
 */
export const ProfileAnswerCode = { ok: 0, sensitive: 2 } as const;

// ---- avatar (spec 01 §5 "Avatar", §7 updateUserIcon) -------------------------------------

/** The server's bound on an uploaded picture (the spec leaves it unshown to users). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Width of the stored picture (spec 01 §9: avatar width cap 220 px). */
export const AVATAR_WIDTH = 220;
/** Decoded size bound: refuses pixel floods before any pixel is decoded. */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_MAX_SIDE = 12_000;

export const uploadAvatarRoute = defineRoute({
  method: 'POST',
  path: '/api/user/avatar/:userId',
  summary:
    'Upload an avatar (multipart: file, and optional width, height, x, y crop and id): gif, jpeg, png or bmp, re-encoded to JPEG at most 220 px wide',
  tags: ['user'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(
    Type.Object({
      avatar_url: Type.String(),
      code: Type.Integer({ description: '0: saved' }),
    }),
  ),
});

export const AvatarFileParams = Type.Object(
  { name: Type.String({ pattern: '^[a-f0-9]{32}\\.jpg$' }) },
  { additionalProperties: false },
);

export const getAvatarFileRoute = defineRoute({
  method: 'GET',
  path: '/api/files/avatars/:name',
  summary: 'A stored avatar (JPEG); names are random and never reused, so it is cached for a year',
  tags: ['user'],
  access: 'public',
  params: AvatarFileParams,
  reply: Type.Unknown({ description: 'image/jpeg bytes' }),
});

// ---- password (spec 01 §2 security items; §3 purpose 6) -----------------------------------

/** Where a code of the signed-in purposes was sent: the account's own e-mail or phone. */
export const CodeChannel = Type.Union([Type.Literal('email'), Type.Literal('mobile')]);

export const changePasswordRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/password',
  summary:
    'Set or change the password with a code of purpose 6 sent to the account’s e-mail or phone; the current password too when one is set. Other sessions end.',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object(
    {
      via: CodeChannel,
      code: VerificationCode,
      password: Password,
      old_password: Type.Optional(Text({ minLength: 1, maxLength: 128 })),
    },
    strict,
  ),
  reply: EmptyEnvelope,
  specPaths: [specPath('update/{id}', 'PUT', '/api/user/update/:userId'), ...overseas('update-pwd')],
});

// ---- e-mail and phone: bind, replace, unbind (purposes 3 old check, 4 new check) ----------

export const bindEmailRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/email',
  summary: 'Bind an e-mail when none is bound, with a code of purpose 4 sent to it',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ email: Email, code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('email'), ...overseas('bind-email')],
});

export const replaceEmailRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/email',
  summary: 'Replace the e-mail: a code of purpose 3 from the old one and of purpose 4 from the new one',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ old_code: VerificationCode, email: Email, code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('echange'), ...overseas('edit-email')],
});

export const unbindEmailRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/email/unbind',
  summary: 'Unbind the e-mail with a code of purpose 3 sent to it; refused when no other sign-in method remains',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('eunbind'), ...overseas('unbind-email')],
});

export const bindMobileRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/mobile',
  summary: 'Bind a mobile (domestic region) when none is bound, with a code of purpose 4 sent to it',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ mobile: Mobile, code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('mobile'), ...overseas('bind-mobile')],
});

export const replaceMobileRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/mobile',
  summary: 'Replace the mobile (domestic region): codes of purpose 3 (old number) and 4 (new number)',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ old_code: VerificationCode, mobile: Mobile, code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('mchange'), ...overseas('edit-mobile')],
});

export const unbindMobileRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/mobile/unbind',
  summary:
    'Unbind the mobile (domestic region) with a code of purpose 3 sent to it; refused when no other sign-in method remains',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ code: VerificationCode }, strict),
  reply: Envelope(UserInfo),
  specPaths: [...domestic('munbind'), ...overseas('unbind-mobile')],
});

/** Spec 01 §7 second-mobile: operate 1 binds, 2 unbinds. */
export const SecondMobileOperate = { bind: 1, unbind: 2 } as const;

export const secondMobileRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/second-mobile',
  summary:
    'Bind (operate 1, code of purpose 4 to the number) or unbind (operate 2, code of purpose 3 to it) the second mobile, for identity verification only (domestic region)',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Union([
    Type.Object({ operate: Type.Literal(1), mobile: Mobile, code: VerificationCode }, strict),
    Type.Object({ operate: Type.Literal(2), code: VerificationCode }, strict),
  ]),
  reply: Envelope(UserInfo),
  specPaths: overseas('second-mobile'),
});

// ---- binding a phone from a computer by QR code (spec 01 §2; docs/decisions/009) ---------

/** A phone-binding link lives 10 minutes: time to pick up a phone and receive a code. */
export const BIND_LINK_TTL_SECONDS = 600;

/** 32 random bytes, URL-safe base64 without padding. */
export const BindLinkToken = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

export const createBindLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/mobile/bind-link',
  summary:
    'Make a one-time link (and its QR code as SVG) that opens the phone-binding page on a phone; valid 10 minutes, one per account (a new one replaces the old). Domestic region, no phone bound.',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(
    Type.Object({
      url: Type.String({ description: 'The app’s address for the request’s region with ?bind_link=<token>' }),
      qr_svg: Type.String({ description: 'The QR code of `url`, an SVG document' }),
      expires_at: Type.Integer({ description: 'Unix seconds' }),
      expires_in: Type.Integer({ description: 'Seconds left' }),
    }),
  ),
});

/**
 * What became of the account's newest link: `waiting` (valid, unused), `bound` (a phone was
 * bound with it), `expired`, or `none` (never made).
 */
export const BindLinkState = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('bound'),
  Type.Literal('expired'),
  Type.Literal('none'),
]);

export const getBindLinkStateRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/mobile/bind-link',
  summary: 'The state of the account’s newest phone-binding link, polled by the computer showing its QR code',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Object({ state: BindLinkState, expires_at: Type.Union([Type.Integer(), Type.Null()]) })),
});

// The token travels in the body, never in a path: paths are written to access logs.
export const describeBindLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/mobile-bind-links/lookup',
  summary:
    'Whether a phone-binding link can still be used, and the masked account it binds to (nickname or e-mail); 404 `link invalid`, 400 `link expired`, 409 `link used` or `already bound`',
  tags: ['account'],
  access: 'public',
  body: Type.Object({ token: BindLinkToken }, strict),
  reply: Envelope(
    Type.Object({
      account: Type.String({ description: 'Masked nickname or e-mail of the account' }),
      expires_at: Type.Integer(),
    }),
  ),
});

export const bindByLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/mobile-bind-links/bind',
  summary:
    'Bind a phone to the link’s account with a code of purpose 4 sent to that number (domestic region); uses the link up',
  tags: ['account'],
  access: 'public',
  body: Type.Object({ token: BindLinkToken, mobile: Mobile, code: VerificationCode }, strict),
  reply: Envelope(Type.Object({ account: Type.String({ description: 'Masked nickname or e-mail' }) })),
});

export const unbindIdentityRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/:userId/identity/:provider',
  summary:
    'Unbind a third-party sign-in (spec 01 §7: unbind QQ, Weixin, Weibo via DELETE); refused when it is the only sign-in method',
  tags: ['account'],
  access: 'user',
  params: Type.Object({ userId: Id(), provider: Type.Enum(identityProviders) }, { additionalProperties: false }),
  reply: Envelope(UserInfo),
  specPaths: overseas('unbind-wechat', { params: { provider: 'weixin' } }),
});

// ---- close account (spec 01 §4 "Account close"; purpose 11) -------------------------------

export const closeAccountRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/close',
  summary:
    'Close the account with a code of purpose 11 sent to its e-mail or phone: personal records are deleted or anonymised and every session ends',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ via: CodeChannel, code: VerificationCode }, strict),
  reply: EmptyEnvelope,
  specPaths: [
    specPath('mclose', 'POST', '/api/user/mclose', { body: { via: 'mobile' } }),
    specPath('eclose', 'POST', '/api/user/eclose', { body: { via: 'email' } }),
    ...overseas('mobile/close', { body: { via: 'mobile' } }),
    ...overseas('email/close', { body: { via: 'email' } }),
  ],
});

// ---- exchange code (spec 01 §2 `form_name`, §7 getExchangeCode) ---------------------------

export const FORM_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';

export const getExchangeCodeRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/exchange-code',
  summary: 'The caller’s exchange code of a form: one unused code per user and form, the same one on every call',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object({ form_name: Type.String({ pattern: FORM_NAME_PATTERN }) }, strict),
  reply: Envelope(Type.Object({ form_name: Type.String(), code: Type.String() })),
  specPaths: [specPath('operation/userexchange/getcode', 'GET', '/api/user/operation/userexchange/getcode')],
});
