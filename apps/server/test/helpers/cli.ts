import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/cli.js';
import type { OperatorCommand } from '../../src/modules/operator-command.js';
import { commands as allCommands } from '../../src/cli/commands/index.js';
import type { TestApp } from './test-app.js';

export interface CliResult {
  code: number;
  /** What the command printed on stdout, parsed. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each command prints its own shape
  /** What it printed on stderr, parsed. */
  error: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- ditto
}

/**
 * Runs operator commands as `npm run admin` would, but on the test app's database and clock, so
 * the API sees what they write. `t` is read on each call: the app is created in `beforeAll`.
 */
export function cliRunner(app: () => TestApp, commands: readonly OperatorCommand[] = allCommands) {
  const env = {
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'account-centre-cli-test'),
    PASSWORD_HASH_COST: 'minimal',
  };
  return async (...argv: string[]): Promise<CliResult> => {
    const t = app();
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, commands, {
      env,
      database: { db: t.app.db, dialect: t.app.dialect, close: async () => undefined },
      // The command shares the app's database connection, so the app would not notice its
      // commits as another process's: it hears of ended sessions as from Redis.
      sessionEnds: t.app.sessionEnds,
      clock: t.clock,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    return {
      code,
      json: out.length ? JSON.parse(out.join('\n')) : undefined,
      error: err.length ? JSON.parse(err.join('\n')) : undefined,
    };
  };
}

/**
 * An operator command's flags written as an object, in the order given: `{ user: 7, lifelong: true }`
 * is `--user 7 --lifelong`, as the operator would type it.
 */
export function flags(values: Record<string, string | number | true>): string[] {
  return Object.entries(values).flatMap(([name, value]) =>
    value === true ? [`--${name}`] : [`--${name}`, String(value)],
  );
}
