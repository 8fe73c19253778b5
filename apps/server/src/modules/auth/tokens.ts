import type { SignInResult } from '@account-centre/contract';
import type { Static } from 'typebox';
import type { AuthSettings } from './auth.settings.js';
import type { Db } from '../../db/database.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import * as repo from './auth.repository.js';
import type { ClientInfo } from './deps.js';

/** A new pair as the services issue it; the routes may move the refresh token into a cookie. */
export type SignIn = Required<Static<typeof SignInResult>>;

/** How a session began; kept on the session for the devices screen and audits. */
export type SessionMethod = 'password' | 'code' | 'register' | 'ticket';

type TokenConfig = Pick<AuthSettings, 'accessTokenTtl' | 'refreshTokenTtl'>;

/**
 * Starts a session (one refresh-token family on one device) and issues its first pair.
 * Tokens are random and opaque; only their SHA-256 is stored.
 */
export async function startSession(
  db: Db,
  input: { userId: number; method: SessionMethod; client: ClientInfo },
  now: number,
  config: TokenConfig,
): Promise<SignIn> {
  const sessionId = randomToken(24);
  const expiresAt = now + config.refreshTokenTtl;
  await repo.insertSession(db, {
    id: sessionId,
    user_id: input.userId,
    device_id: input.client.deviceId,
    user_agent: input.client.userAgent,
    ip: input.client.ip,
    method: input.method,
    created_at: now,
    last_used_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    revoke_reason: null,
  });
  return issuePair(db, { sessionId, userId: input.userId, sessionExpiresAt: expiresAt }, now, config);
}

/**
 * A new pair for a session after a refresh within the grace window (a duplicate of a use that
 * spent the token: nothing is ended); the session's end moves with it. Null when the session was
 * revoked or has ended.
 */
export async function continueSession(
  db: Db,
  sessionId: string,
  now: number,
  config: TokenConfig,
): Promise<SignIn | null> {
  const expiresAt = now + config.refreshTokenTtl;
  const session = await repo.extendLiveSession(db, sessionId, now, expiresAt);
  if (!session) return null;
  return issuePair(db, { sessionId, userId: session.user_id, sessionExpiresAt: expiresAt }, now, config);
}

/**
 * A refresh token's first use (`repo.spendRefreshToken`): the token is spent and the session
 * goes on with a new pair, the access token issued with the spent one ended. Undefined when
 * nothing was spent; `signIn` null when the token was spent but its session is over.
 */
export async function spendAndContinue(
  db: Db,
  tokenHash: string,
  now: number,
  config: TokenConfig,
): Promise<{ sessionId: string; signIn: SignIn | null } | undefined> {
  const pair = newPair(now, now + config.refreshTokenTtl, config);
  const spent = await repo.spendRefreshToken(db, { tokenHash, now, next: pair.stored });
  if (!spent) return undefined;
  const signIn = spent.userId === null ? null : pair.answer(spent.userId);
  return { sessionId: spent.sessionId, signIn };
}

/** Two random tokens, what of them is stored (their hashes and ends) and the answer they make. */
function newPair(now: number, sessionExpiresAt: number, config: TokenConfig) {
  const token = randomToken();
  const refreshToken = randomToken();
  // An access token never outlives its session.
  const accessExpiresAt = Math.min(now + config.accessTokenTtl, sessionExpiresAt);
  const stored: repo.NextPair = {
    access: { token_hash: hashToken(token), expires_at: accessExpiresAt },
    refresh: { token_hash: hashToken(refreshToken), expires_at: sessionExpiresAt },
  };
  const answer = (userId: number): SignIn => ({
    user_id: userId,
    token,
    refresh_token: refreshToken,
    expires_in: accessExpiresAt - now,
  });
  return { stored, answer };
}

async function issuePair(
  db: Db,
  input: { sessionId: string; userId: number; sessionExpiresAt: number },
  now: number,
  config: TokenConfig,
): Promise<SignIn> {
  const { stored, answer } = newPair(now, input.sessionExpiresAt, config);
  const { sessionId: session_id, userId: user_id } = input;
  await repo.storePair(db, {
    access: { ...stored.access, session_id, user_id, created_at: now },
    refresh: { ...stored.refresh, session_id, created_at: now, access_token_hash: stored.access.token_hash },
  });
  return answer(user_id);
}
