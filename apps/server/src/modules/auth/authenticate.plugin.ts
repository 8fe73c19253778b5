import { AccessTokenErrors, CommonErrors } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import type { AuthContext } from '../../types.js';
import { findAccessToken } from './auth.repository.js';
import type { CachedToken } from './token-cache.js';

/** Our tokens are 43 characters; anything far longer is not one and is not worth hashing. */
const TOKEN_MAX_LENGTH = 256;

/**
 * `app.authenticate(request, tokenInQuery)`: the access token from `Authorization: Bearer …`, or
 * from `?token=` on the routes a desktop client or a download calls so (spec 01 §7, the route's
 * `tokenInQuery`), checked with one query by primary keys — or,
 * when this instance checked it moments ago and no revocation has been heard of since, from
 * memory (docs/decisions/021). The ends of the token and of its session are compared with the
 * clock on every request, remembered or not.
 * - a token in the address of a route that does not take it there → 401 `token in address`,
 *   whatever else the request carries: an address is kept in logs and browser history, so the
 *   sender learns to stop (docs/decisions/051);
 * - unknown token, revoked or ended session → 401 `unauthorized` (sign in again);
 * - expired access token of a live session → 401 `token expired` (refresh, then retry).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessionEnds } = app;

    /** Checks the ends of a found token against the clock: every request, remembered or not. */
    const admit = (request: FastifyRequest, found: CachedToken): AuthContext => {
      const now = app.clock.now();
      if (found.sessionExpiresAt <= now) throw appError(CommonErrors.unauthorized);
      if (found.expiresAt <= now) throw appError(CommonErrors.tokenExpired);
      const auth: AuthContext = { userId: found.userId, sessionId: found.sessionId };
      request.auth = auth;
      return auth;
    };

    /** The database's answer; `generation` set when it may be remembered (decision 021). */
    const lookUp = async (request: FastifyRequest, tokenHash: string, generation: number | null) => {
      const row = await findAccessToken(app.db, tokenHash);
      if (!row || row.revoked_at !== null) throw appError(CommonErrors.unauthorized);
      const found: CachedToken = {
        userId: row.user_id,
        sessionId: row.session_id,
        expiresAt: row.expires_at,
        sessionExpiresAt: row.session_expires_at,
      };
      const now = app.clock.now();
      // Only a good token is remembered; an ended one is asked about again (and refused).
      if (generation !== null && found.expiresAt > now && found.sessionExpiresAt > now) {
        sessionEnds.cache.remember(tokenHash, found, generation);
      }
      return admit(request, found);
    };

    // A remembered token is answered synchronously: no promise on the hot path (decision 026).
    app.decorate('authenticate', function authenticate(request: FastifyRequest, tokenInQuery: boolean):
      AuthContext | Promise<AuthContext> {
      const token = readToken(request, tokenInQuery);
      if (token === null) throw appError(CommonErrors.unauthorized);
      const tokenHash = hashToken(token);
      if (!sessionEnds.usable()) return lookUp(request, tokenHash, null);
      const remembered = sessionEnds.cache.get(tokenHash);
      return remembered === undefined
        ? lookUp(request, tokenHash, sessionEnds.cache.generation)
        : admit(request, remembered);
    });
  },
  { name: 'auth', dependencies: ['database', 'session-ends'] },
);

function readToken(request: FastifyRequest, tokenInQuery: boolean): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const inAddress = query?.token;
  if (inAddress !== undefined && !tokenInQuery) throw appError(AccessTokenErrors.tokenInAddress);
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(header);
    return match?.[1] && match[1].length <= TOKEN_MAX_LENGTH ? match[1] : null;
  }
  return typeof inAddress === 'string' && inAddress.length > 0 && inAddress.length <= TOKEN_MAX_LENGTH
    ? inAddress
    : null;
}
