import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { CleanedText, Id, Text } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { Nullable, strict } from '../http/schema.js';
import { languages } from '../rules/language.js';

export const UserIdParams = Type.Object({ userId: Id() }, strict);

export const Sex = Type.Union([Type.Literal('male'), Type.Literal('female')]);
/** An enum (typed from the `as const` list), not a union of mapped literals, which TypeBox types as `never`. */
export const LanguageCode = Type.Enum(languages);
/** Birthday as `YYYY-MM-DD`. */
export const Birthday = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** User info (spec 01 §3), as the account owner sees it. */
export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar_url: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  second_mobile: Nullable(Type.String()),
  weixin: Type.Boolean({ description: 'a WeChat sign-in is bound' }),
  qq: Type.Boolean(),
  weibo: Type.Boolean(),
  hasPwd: Type.Boolean(),
  profile: Nullable(Type.String()),
  birthday: Nullable(Type.String()),
  region: Type.Union([Type.Literal('domestic'), Type.Literal('overseas')]),
  sex: Nullable(Sex),
  country: Nullable(Type.String()),
  language: Nullable(LanguageCode),
  max_storage: Type.Integer({ description: 'bytes' }),
  used_storage: Type.Integer({ description: 'bytes' }),
  created_at: Type.Integer(),
});

export const getUserRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId',
  summary: 'The signed-in user’s own information',
  tags: ['user'],
  access: 'user',
  // Spec 01 §7: "GET {userId}?token", the desktop clients' call.
  tokenInQuery: true,
  params: UserIdParams,
  reply: Envelope(UserInfo),
});

export const NICKNAME_MAX_LENGTH = 32;
export const PROFILE_MAX_LENGTH = 500;

export const updateUserRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId',
  summary: 'Update profile fields; only the fields sent change',
  tags: ['user'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object(
    {
      nick_name: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
      // The introduction is text pasted from anywhere: the server removes its control characters
      // and keeps its line breaks (user.service.ts), so it takes them as sent.
      profile: Type.Optional(Nullable(CleanedText({ maxLength: PROFILE_MAX_LENGTH }))),
      birthday: Type.Optional(Nullable(Birthday)),
      sex: Type.Optional(Nullable(Sex)),
      country: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' }))),
      language: Type.Optional(Nullable(LanguageCode)),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  reply: Envelope(UserInfo),
});
