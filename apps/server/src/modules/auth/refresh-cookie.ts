import {
  CommonErrors,
  REFRESH_COOKIE_HEADER,
  REFRESH_COOKIE_NAME,
  REFRESH_PATH,
  type SignInResult,
} from '@account-centre/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { ServerConfig } from '../../lib/server-config.js';
import type { AuthSettings } from './auth.settings.js';
import { readCookie } from '../../lib/cookies.js';
import { appError } from '../../lib/errors.js';
import type { SignIn } from './tokens.js';

type SignInAnswer = Static<typeof SignInResult>;

/**
 * The web app's refresh token lives in an HttpOnly cookie, where no script of the page can
 * read it (docs/decisions/016); desktop clients keep it in the JSON body (spec 01 §7).
 */

type CookieConfig = Pick<ServerConfig, 'nodeEnv'> & Pick<AuthSettings, 'refreshTokenTtl'>;

const HEADER = REFRESH_COOKIE_HEADER.toLowerCase();

/** Whether the caller (the web app) asked for the refresh token as a cookie. */
function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[HEADER] === '1';
}

/**
 * `Secure` whenever the browser reached us over https (TLS here, or `X-Forwarded-Proto: https`
 * from a proxy trusted by TRUST_PROXY), and always in production. Browsers drop a `Secure`
 * cookie set over plain http except on localhost, so development and test hosts over http
 * (account.example.cn:18080 in the end-to-end tests) get it without.
 */
function isSecure(request: FastifyRequest, config: CookieConfig): boolean {
  return config.nodeEnv === 'production' || request.protocol === 'https';
}

/**
 * SameSite=Strict: never sent with a request another site starts. Path: sent to the refresh
 * route only — no other route reads it, and sign-out ends the session by its access token.
 */
function refreshCookie(request: FastifyRequest, config: CookieConfig, value: string, maxAge: number): string {
  const secure = isSecure(request, config) ? '; Secure' : '';
  return `${REFRESH_COOKIE_NAME}=${value}; Path=${REFRESH_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * A sign-in answer in the form the caller asked for: with `X-Refresh-Cookie: 1`, the refresh
 * token is set as the cookie (living as long as the token, which ends with its session) and
 * left out of the body; otherwise the body carries it.
 */
export function deliverSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieConfig,
  signIn: SignIn,
): SignInAnswer {
  if (!wantsCookie(request)) return signIn;
  const { refresh_token: refreshToken, ...answer } = signIn;
  reply.header('Set-Cookie', refreshCookie(request, config, refreshToken, config.refreshTokenTtl));
  return answer;
}

/** Tells the browser to forget the refresh cookie (sign-out). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, config: CookieConfig): void {
  reply.header('Set-Cookie', refreshCookie(request, config, '', 0));
}

/**
 * The refresh token of the cookie, for a refresh without a body token; null without the
 * cookie. Such a call must say that it uses the cookie with `X-Refresh-Cookie: 1` — otherwise
 * it gave no token at all (400, as before the cookie). That header is also the CSRF guard: no
 * cross-site form or link can send it, and no other origin may without a CORS permission we
 * never give. And when the browser says where the call comes from (`Sec-Fetch-Site`), it
 * must be our own origin, which also refuses sibling sites that SameSite lets through (403).
 */
export function refreshTokenFromCookie(request: FastifyRequest): string | null {
  if (!wantsCookie(request)) throw appError(CommonErrors.invalidRequest);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw appError(CommonErrors.forbidden);
  return readCookie(request, REFRESH_COOKIE_NAME);
}
