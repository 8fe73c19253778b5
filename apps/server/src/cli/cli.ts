import { isLanguage, languages } from '@account-centre/contract';
import type { Kysely } from 'kysely';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { usePasswordHashCost } from '../modules/auth/passwords.js';
import type { AuthDeps } from '../modules/auth/deps.js';
import type { SessionEndsNotifier } from '../modules/auth/session-store.js';
import { publishSessionEnds } from '../plugins/session-ends.js';

export interface CliOption {
  name: string;
  description: string;
  required?: boolean;
  /** The only accepted values, when the option is a choice. */
  values?: readonly string[];
  /** A switch takes no value: given, it reads as "true" (`--lifelong`). */
  switch?: boolean;
  /**
   * A text readers see, which may be given in several languages besides: `--name-en …`,
   * `--name-zh …`, one for each language (docs/decisions/058); read them with `localisedFlag`.
   * Required, it is given when any of its languages is.
   */
  localised?: boolean;
}

export type CliFlags = Record<string, string | undefined>;

export interface CliContext {
  config: Config;
  clock: Clock;
  /** Opens the database (migrated to the latest schema) on first use; `help` never does. */
  deps(): Promise<AuthDeps>;
  commands: readonly CliCommand[];
}

/** One operator command; later features add theirs beside these, in `commands/`. */
export interface CliCommand {
  name: string;
  description: string;
  options: readonly CliOption[];
  run(context: CliContext, flags: CliFlags): Promise<unknown>;
}

/** A mistake in the command line: reported as a JSON error with exit code 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

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
 * Runs `<command> [--flag value | --flag=value]…` and prints its result as JSON on stdout.
 * Failures print `{"error": …}` on stderr. Exit codes: 0 done, 1 bad input or refused,
 * 2 bad configuration.
 */
export async function runCli(argv: readonly string[], commands: readonly CliCommand[], options: RunOptions = {}) {
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  const fail = (code: number, error: Record<string, unknown>) => {
    err(JSON.stringify(error));
    return code;
  };

  let config: Config;
  try {
    config = loadConfig(options.env ?? process.env);
    usePasswordHashCost(config.passwordHashCost);
  } catch (error) {
    if (error instanceof ConfigError) return fail(2, { error: 'invalid configuration', problems: error.problems });
    throw error;
  }

  const [name = 'help', ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) return fail(1, { error: `unknown command "${name}"`, commands: commands.map((c) => c.name) });

  let opened: DatabaseHandle | null = null;
  const clock = options.clock ?? systemClock;
  // Servers sharing Redis hear at once of sessions a command ends (device:unbind). Without
  // Redis, a server on the same SQLite file notices the commit itself (PRAGMA data_version);
  // one on PostgreSQL trusts what it remembers for at most TOKEN_CACHE_SECONDS (decision 021).
  const publisher = config.redisUrl
    ? publishSessionEnds(config.redisUrl, (error) =>
        err(JSON.stringify({ warning: 'servers not told of ended sessions', error: String(error) })),
      )
    : null;
  const sessionEnds: SessionEndsNotifier = options.sessionEnds ?? publisher ?? { announce: async () => undefined };
  const context: CliContext = {
    config,
    clock,
    commands,
    deps: async () => {
      if (!opened) {
        opened = options.database ?? (await openDatabase(config.databaseUrl));
        // The schema type is the app's; the migrator works on any database.
        await migrateToLatest(opened.db as unknown as Kysely<unknown>);
      }
      return { db: opened.db, clock, config, sessionEnds };
    },
  };
  try {
    const flags = parseFlags(rest, command);
    out(JSON.stringify(await command.run(context, flags), null, 2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(1, { error: error.message, usage: usage(command) });
    if (error instanceof AppError) return fail(1, { error: error.detail ?? error.msg, code: error.code });
    return fail(1, { error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (opened && !options.database) await (opened as DatabaseHandle).close();
    await publisher?.close();
  }
}

/** Flags of a command line, checked against the command's options. */
export function parseFlags(args: readonly string[], command: CliCommand): CliFlags {
  const flags: CliFlags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] as string;
    const option = command.options.find((o) => o.name === name) ?? localisedOptionOf(command, name);
    if (!option) throw new UsageError(`unknown option --${name}`);
    let value = match[2];
    if (value === undefined && option.switch) {
      value = 'true';
    } else if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    if (flags[name] !== undefined) throw new UsageError(`--${name} given twice`);
    if (option.values && !option.values.includes(value)) {
      throw new UsageError(`--${name} must be one of ${option.values.join(', ')}`);
    }
    flags[name] = value;
  }
  for (const option of command.options) {
    const given = (name: string) => flags[name] !== undefined;
    const present =
      given(option.name) || (option.localised === true && languages.some((l) => given(`${option.name}-${l}`)));
    if (option.required && !present) throw new UsageError(`--${option.name} is required`);
  }
  return flags;
}

/** The option `--<name>-<language>` stands for: a localised option's text in one language. */
function localisedOptionOf(command: CliCommand, name: string): CliOption | undefined {
  const cut = name.lastIndexOf('-');
  if (cut < 0 || !isLanguage(name.slice(cut + 1))) return undefined;
  return command.options.find((o) => o.localised && o.name === name.slice(0, cut));
}

export function usage(command: CliCommand): string {
  const parts = command.options.map((o) => {
    if (o.switch) return o.required ? `--${o.name}` : `[--${o.name}]`;
    const value = o.values ? o.values.join('|') : '…';
    const inLanguages = o.localised ? ` [--${o.name}-<${languages.join('|')}> …]` : '';
    return (o.required ? `--${o.name} ${value}` : `[--${o.name} ${value}]`) + inLanguages;
  });
  return [`npm run admin -- ${command.name}`, ...parts].join(' ');
}
