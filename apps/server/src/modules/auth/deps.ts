import type { Config } from '../settings.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionEndsNotifier } from './session-store.js';

/**
 * What the sign-in services need. The Fastify instance provides them all; the operator CLI
 * and the demo seed provide them without an HTTP server.
 */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Every instance hears of sessions that end (docs/decisions/021). */
  sessionEnds: SessionEndsNotifier;
}

/** Who is calling, as recorded on sessions and audit events. */
export type { ClientInfo } from '../../lib/caller.js';
