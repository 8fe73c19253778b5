import type { Kysely } from 'kysely';
import { ConfigError } from '../config.js';
import { loadConfig } from '../load-config.js';
import type { Config } from '../modules/settings.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { type CliSession, CliSetupError, runCommandLine } from '../lib/cli/index.js';
import { usePasswordHashCost } from '../modules/auth/passwords.js';
import type { SessionEndsNotifier } from '../modules/auth/session-store.js';
import type { OperatorCommand, OperatorContext } from '../modules/operator-command.js';
import { publishSessionEnds } from '../modules/auth/index.js';

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** An open database to use instead of DATABASE_URL (tests); left open afterwards. */
  database?: DatabaseHandle;
  /** Who hears of sessions a command ends, instead of the servers through REDIS_URL (tests). */
  sessionEnds?: SessionEndsNotifier;
  clock?: Clock;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/**
 * `npm run admin`'s command line (lib/cli runs it): the operator context is made here, where
 * the modules are — the configuration, the password hash cost, the database opened on first
 * use and the servers told of sessions a command ends.
 */
export function runCli(argv: readonly string[], commands: readonly OperatorCommand[], options: RunOptions = {}) {
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  return runCommandLine(argv, commands, () => openOperatorSession(options, err), { out: options.out, err });
}

function openOperatorSession(options: RunOptions, err: (text: string) => void): CliSession<OperatorContext> {
  let config: Config;
  try {
    config = loadConfig(options.env ?? process.env);
    usePasswordHashCost(config.passwordHashCost);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliSetupError('invalid configuration', error.problems);
    throw error;
  }
  let opened: DatabaseHandle | null = null;
  const clock = options.clock ?? systemClock;
  // Servers sharing Redis hear at once of sessions a command ends (device:unbind). Without
  // Redis, a server on the same SQLite file notices the commit itself (PRAGMA data_version);
  // one on PostgreSQL trusts what it remembers for at most TOKEN_CACHE_SECONDS (decision 021).
  const publisher =
    config.redisUrl && !options.sessionEnds
      ? publishSessionEnds(config.redisUrl, (error) =>
          err(JSON.stringify({ warning: 'servers not told of ended sessions', error: String(error) })),
        )
      : null;
  const sessionEnds: SessionEndsNotifier = options.sessionEnds ?? publisher ?? { announce: async () => undefined };
  return {
    context: {
      config,
      clock,
      deps: async () => {
        if (!opened) {
          opened = options.database ?? (await openDatabase(config.databaseUrl));
          // The schema type is the app's; the migrator works on any database.
          await migrateToLatest(opened.db as unknown as Kysely<unknown>);
        }
        return { db: opened.db, clock, config, sessionEnds };
      },
    },
    close: async () => {
      if (opened && !options.database) await (opened as DatabaseHandle).close();
      await publisher?.close();
    },
  };
}
