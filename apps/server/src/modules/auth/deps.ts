import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';

/**
 * What the sign-in services need. The Fastify instance provides all three; the operator CLI
 * and the demo seed provide them without an HTTP server.
 */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** Who is calling, as recorded on sessions and audit events. */
export type { ClientInfo } from '../../lib/caller.js';
