import type { SignInResult } from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import * as repo from './auth.repository.js';
import type { ClientInfo } from './deps.js';

/** A new pair as the services issue it; the routes may move the refresh token into a cookie. */
export type SignIn = Required<Static<typeof SignInResult>>;

/** How a session began; kept on the session for the devices screen and audits. */
export type SessionMethod = 'password' | 'code' | 'register' | 'ticket';

type TokenConfig = Pick<Config, 'accessTokenTtl' | 'refreshTokenTtl'>;

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
  return issuePair(db, { sessionId, userId: input.userId, sessionExpiresAt: expiresAt, replaced: null }, now, config);
}

/**
 * A new pair for a session after a refresh, ending `replaced` (the access token issued with the
 * spent refresh token, null for a duplicate within the grace window); the session's end moves
 * with it. Null when the session was revoked or has ended.
 */
export async function continueSession(
  db: Db,
  sessionId: string,
  replaced: string | null,
  now: number,
  config: TokenConfig,
): Promise<SignIn | null> {
  const expiresAt = now + config.refreshTokenTtl;
  const session = await repo.extendLiveSession(db, sessionId, now, expiresAt);
  if (!session) return null;
  return issuePair(db, { sessionId, userId: session.user_id, sessionExpiresAt: expiresAt, replaced }, now, config);
}

async function issuePair(
  db: Db,
  input: { sessionId: string; userId: number; sessionExpiresAt: number; replaced: string | null },
  now: number,
  config: TokenConfig,
): Promise<SignIn> {
  const token = randomToken();
  const refreshToken = randomToken();
  // An access token never outlives its session.
  const accessExpiresAt = Math.min(now + config.accessTokenTtl, input.sessionExpiresAt);
  const accessHash = hashToken(token);
  await repo.storePair(db, {
    access: {
      token_hash: accessHash,
      session_id: input.sessionId,
      user_id: input.userId,
      created_at: now,
      expires_at: accessExpiresAt,
    },
    refresh: {
      token_hash: hashToken(refreshToken),
      session_id: input.sessionId,
      created_at: now,
      expires_at: input.sessionExpiresAt,
      access_token_hash: accessHash,
    },
    replaced: input.replaced,
    now,
  });
  return { user_id: input.userId, token, refresh_token: refreshToken, expires_in: accessExpiresAt - now };
}
