import type { ServiceName } from '@account-centre/contract';
import type { Redis } from 'ioredis';
import type { Config } from './modules/settings.js';
import type { Db, Dialect } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { ModuleManifest } from './modules/manifest.js';
import type { SessionEnds } from './modules/auth/session-ends.plugin.js';

/** Who a request is, once its access token has been checked. */
export interface AuthContext {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The module registry's list (modules/index.ts), for what runs across every module (closing an account). */
    modules: readonly ModuleManifest[];
    db: Db;
    dialect: Dialect;
    clock: Clock;
    /** Shared by every instance when REDIS_URL is set; null on a single machine. */
    redis: Redis | null;
    /** The access-token cache and how every instance hears of ended sessions (docs/decisions/021). */
    sessionEnds: SessionEnds;
    /**
     * Checks the request's access token (the Bearer header, or `?token=` on a route that takes
     * it there: `tokenInQuery`) and sets `request.auth`; throws 401 otherwise. Provided by the
     * auth plugin. Throws the refusal; a promise only when the database must be asked
     * (modules/auth/authenticate.plugin.ts).
     */
    authenticate(request: FastifyRequest, tokenInQuery: boolean): AuthContext | Promise<AuthContext>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The calling service of an `/api/internal/` route, once its key has been checked. */
    service?: ServiceName;
  }
}
