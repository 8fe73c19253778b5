import { Type } from 'typebox';
import { EmptyEnvelope, Envelope } from '../http/envelope.js';
import { Text } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { strict } from '../http/schema.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MAINLAND_MOBILE_PATTERN } from '../rules/patterns.js';
import { verificationPurposeCodes } from '../rules/verification.js';

export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });
export const Mobile = Type.String({ pattern: MAINLAND_MOBILE_PATTERN });
/** Either an e-mail or a mainland mobile; the service tells which. */
export const Account = Text({ minLength: 3, maxLength: EMAIL_MAX_LENGTH });
export const Password = Text({ minLength: 8, maxLength: 128 });
export const VerificationCode = Type.String({ pattern: '^[0-9]{6}$' });
// An enum, not a union of literals mapped from an array: a union over a non-tuple array has
// the static type `never` in TypeBox 1.x, which would leave the server and web untyped.
export const Purpose = Type.Enum(verificationPurposeCodes);

/**
 * The header by which the web app asks to keep its refresh token in an HttpOnly cookie
 * (docs/decisions/016). On sign-in, sign-up, ticket exchange and refresh with `1`, the server
 * sets the refresh cookie and leaves `refresh_token` out of the answer; a refresh without a
 * body token reads the cookie only when this header is present, which a cross-site form or
 * link cannot send. Desktop clients send no header and keep the body form.
 */
export const REFRESH_COOKIE_HEADER = 'X-Refresh-Cookie';
/** The refresh cookie: sent by the browser to the refresh route only. */
export const REFRESH_COOKIE_NAME = 'ac_refresh';
export const REFRESH_PATH = '/api/auth/refresh';

export const SignInResult = Type.Object({
  user_id: Type.Integer(),
  token: Type.String(),
  refresh_token: Type.Optional(
    Type.String({
      description: `absent when the caller sent \`${REFRESH_COOKIE_HEADER}: 1\`: the refresh token is then the HttpOnly cookie \`${REFRESH_COOKIE_NAME}\``,
    }),
  ),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
});

export const sendCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/code',
  summary: 'Send a 6-digit verification code by e-mail or SMS (SMS in the domestic region only)',
  tags: ['auth'],
  access: 'public',
  body: Type.Union([
    Type.Object({ purpose: Purpose, email: Email }, strict),
    Type.Object({ purpose: Purpose, mobile: Mobile }, strict),
  ]),
  reply: Envelope(
    Type.Object({
      expires_in: Type.Integer(),
      resend_after: Type.Integer(),
    }),
  ),
});

export const registerRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an account with e-mail + password + code, or (domestic) mobile + code',
  tags: ['auth'],
  access: 'public',
  body: Type.Union([
    Type.Object({ email: Email, password: Password, code: VerificationCode }, strict),
    Type.Object({ mobile: Mobile, password: Type.Optional(Password), code: VerificationCode }, strict),
  ]),
  reply: Envelope(SignInResult),
});

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with a password, or quickly with a verification code (purpose 8)',
  tags: ['auth'],
  access: 'public',
  body: Type.Union([
    Type.Object({ account: Account, password: Text({ minLength: 1, maxLength: 128 }) }, strict),
    Type.Object({ account: Account, code: VerificationCode }, strict),
  ]),
  reply: Envelope(SignInResult),
});

export const refreshRoute = defineRoute({
  method: 'POST',
  path: REFRESH_PATH,
  summary:
    'Rotate a refresh token (from the body, or from the refresh cookie with the X-Refresh-Cookie header): ' +
    'a new access token and refresh token of the same session; the replaced access token stops working',
  tags: ['auth'],
  access: 'public',
  body: Type.Object({ refresh_token: Type.Optional(Text({ minLength: 16, maxLength: 200 })) }, strict),
  reply: Envelope(SignInResult),
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out: the session of the presented token is revoked on the server, and the refresh cookie cleared',
  tags: ['auth'],
  access: 'user',
  reply: EmptyEnvelope,
});

export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/password/reset',
  summary: 'Set a new password with a code of purpose 2 (forgot password); ends every session',
  tags: ['auth'],
  access: 'public',
  body: Type.Object({ account: Account, code: VerificationCode, password: Password }, strict),
  reply: EmptyEnvelope,
  // Spec 01 §7 "Account": PUT resetbymobile and resetbyemail; overseas mobile-reset-pwd and
  // email-reset-pwd (no method given: POST). `account` names the address, as here (decision 007).
  specPaths: [
    { name: 'resetbyemail', method: 'PUT', path: '/api/user/resetbyemail' },
    { name: 'resetbymobile', method: 'PUT', path: '/api/user/resetbymobile' },
    { name: 'email-reset-pwd', method: 'POST', path: '/api/user/email-reset-pwd' },
    { name: 'mobile-reset-pwd', method: 'POST', path: '/api/user/mobile-reset-pwd' },
  ],
});

export const createTicketRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/ticket',
  summary: 'A one-time login ticket (60 s) for the `custom` handoff to another page or client',
  tags: ['auth'],
  access: 'user',
  reply: Envelope(
    Type.Object({
      user_id: Type.Integer(),
      ticket: Type.String(),
      expires_in: Type.Integer(),
    }),
  ),
});

export const exchangeTicketRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/ticket/exchange',
  summary: 'Exchange a one-time login ticket for a new session',
  tags: ['auth'],
  access: 'public',
  body: Type.Object({ ticket: Text({ minLength: 16, maxLength: 200 }) }, strict),
  reply: Envelope(SignInResult),
});
