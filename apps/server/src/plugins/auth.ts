import { CommonErrors } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../lib/errors.js';
import { hashToken } from '../lib/secrets.js';
import { findAccessToken } from '../modules/auth/auth.repository.js';
import type { AuthContext } from '../types.js';

/** Our tokens are 43 characters; anything far longer is not one and is not worth hashing. */
const TOKEN_MAX_LENGTH = 256;

/**
 * `app.authenticate(request)`: the access token from `Authorization: Bearer …` (the web app)
 * or `?token=` (desktop clients, spec 01 §7), checked with one query by primary keys.
 * - unknown token, revoked or ended session → 401 `unauthorized` (sign in again);
 * - expired access token of a live session → 401 `token expired` (refresh, then retry).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('authenticate', async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const token = readToken(request);
      if (token === null) throw appError(CommonErrors.unauthorized);
      const row = await findAccessToken(app.db, hashToken(token));
      const now = app.clock.now();
      if (!row || row.revoked_at !== null || row.session_expires_at <= now) throw appError(CommonErrors.unauthorized);
      if (row.expires_at <= now) throw appError(CommonErrors.tokenExpired);
      const auth: AuthContext = { userId: row.user_id, sessionId: row.session_id };
      request.auth = auth;
      return auth;
    });
  },
  { name: 'auth', dependencies: ['database'] },
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
