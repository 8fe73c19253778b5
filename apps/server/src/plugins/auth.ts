import { CommonErrors } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../lib/errors.js';
import { hashToken } from '../lib/secrets.js';
import { findAccessToken } from '../modules/auth/auth.repository.js';
import type { CachedToken } from '../modules/auth/token-cache.js';
import type { AuthContext } from '../types.js';

/** Our tokens are 43 characters; anything far longer is not one and is not worth hashing. */
const TOKEN_MAX_LENGTH = 256;

/**
 * `app.authenticate(request)`: the access token from `Authorization: Bearer …` (the web app)
 * or `?token=` (desktop clients, spec 01 §7), checked with one query by primary keys — or,
 * when this instance checked it moments ago and no revocation has been heard of since, from
 * memory (docs/decisions/021). The ends of the token and of its session are compared with the
 * clock on every request, remembered or not.
 * - unknown token, revoked or ended session → 401 `unauthorized` (sign in again);
 * - expired access token of a live session → 401 `token expired` (refresh, then retry).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('authenticate', async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const token = readToken(request);
      if (token === null) throw appError(CommonErrors.unauthorized);
      const tokenHash = hashToken(token);
      const { cache } = app.sessionEnds;
      const cacheUsable = app.sessionEnds.usable();
      let found: CachedToken | undefined = cacheUsable ? cache.get(tokenHash) : undefined;
      // Set when the database is asked and its answer may be kept.
      let generation: number | null = null;
      if (found === undefined) {
        if (cacheUsable) generation = cache.generation;
        const row = await findAccessToken(app.db, tokenHash);
        if (!row || row.revoked_at !== null) throw appError(CommonErrors.unauthorized);
        found = {
          userId: row.user_id,
          sessionId: row.session_id,
          expiresAt: row.expires_at,
          sessionExpiresAt: row.session_expires_at,
        };
      }
      const now = app.clock.now();
      // Only a good token is remembered; an ended one is asked about again (and refused).
      if (generation !== null && found.expiresAt > now && found.sessionExpiresAt > now) {
        cache.remember(tokenHash, found, generation);
      }
      if (found.sessionExpiresAt <= now) throw appError(CommonErrors.unauthorized);
      if (found.expiresAt <= now) throw appError(CommonErrors.tokenExpired);
      const auth: AuthContext = { userId: found.userId, sessionId: found.sessionId };
      request.auth = auth;
      return auth;
    });
  },
  { name: 'auth', dependencies: ['database', 'session-ends'] },
);

function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(header);
    return match?.[1] && match[1].length <= TOKEN_MAX_LENGTH ? match[1] : null;
  }
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX_LENGTH ? token : null;
}
