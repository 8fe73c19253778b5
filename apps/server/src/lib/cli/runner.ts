import { languages } from '@account-centre/contract';
import { readFileSync } from 'node:fs';
import { AppError } from '../errors.js';
import { type CliCommand, type CliRunner, commandsWith, describeOption, runCommand, usage } from './command.js';
import { CliSetupError, UsageError } from './usage-error.js';

/** What the application opens for a command line: the context its commands run in, closed afterwards. */
export interface CliSession<Context> {
  context: Context;
  close(): Promise<void>;
}

export interface CliIo {
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/**
 * Runs `<command> [--flag value | --flag=value]…` and prints its result as JSON on stdout.
 * Failures print `{"error": …}` on stderr. Exit codes: 0 done, 1 bad input or refused,
 * 2 bad set-up (`open` threw a CliSetupError). `open` comes first, so a bad configuration is
 * said whatever the command line.
 */
export async function runCommandLine<Context>(
  argv: readonly string[],
  commands: readonly CliCommand<Context>[],
  open: () => CliSession<Context>,
  io: CliIo = {},
): Promise<number> {
  const out = io.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = io.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  const fail = (code: number, error: Record<string, unknown>) => {
    err(JSON.stringify(error));
    return code;
  };
  let session: CliSession<Context>;
  try {
    session = open();
  } catch (error) {
    if (error instanceof CliSetupError) return fail(2, { error: error.message, problems: error.problems });
    throw error;
  }
  try {
    const [name = 'help', ...rest] = argv;
    const command = commands.find((c) => c.name === name);
    if (!command) return fail(1, { error: `unknown command "${name}"`, commands: commands.map((c) => c.name) });
    try {
      out(JSON.stringify(await runCommand(command, session.context, rest, { commands }), null, 2));
      return 0;
    } catch (error) {
      if (error instanceof UsageError) return fail(1, { error: error.message, usage: usage(command) });
      return fail(1, failure(error));
    }
  } finally {
    await session.close();
  }
}

function failure(error: unknown): { error: string; code?: number } {
  if (error instanceof AppError) return { error: error.detail ?? error.msg, code: error.code };
  return { error: error instanceof Error ? error.message : String(error) };
}

/** Said once for every localised option (docs/decisions/058). */
export const LOCALISED_OPTIONS_HELP =
  `A text readers see (an option marked localised) may be given in several languages: --<option>-<language> once per language, the languages being ${languages.join(', ')} ` +
  '(zh Simplified Chinese, tw Traditional Chinese, jp Japanese, kr Korean, id Indonesian; the others their ISO codes), ' +
  'e.g. --name-en "Flowchart basics" --name-zh 流程图入门. The untagged --<option> is shown to a reader whose language was not given, before their region’s language, ' +
  'and may be left out when languages are given (the English, else the Chinese, then stands in for it). A reader of Traditional or Simplified Chinese reads the other script before the untagged text.';

/** `help`: every command with its usage and options, from their declarations. */
export function helpCommand<Context>(): CliCommand<Context> {
  return commandsWith<Context>()({
    name: 'help',
    description: 'List the commands with their options',
    options: [],
    run: async (_context, _values, { commands }: CliRunner<Context>) => ({
      localised: LOCALISED_OPTIONS_HELP,
      commands: commands.map((command) => ({
        name: command.name,
        description: command.description,
        usage: usage(command),
        options: command.options.map(describeOption),
      })),
    }),
  });
}

/**
 * `batch --file F`: runs many commands in one process, one after another, on one connection —
 * for an operator's script of many small actions (a notice to each of a list, a grant per
 * line), which would otherwise pay a process start each. F holds a JSON array of command
 * lines, each an array of strings as on the command line. It stops at the first that fails,
 * naming it; those before it stay done. The answer is each command's answer, in order.
 */
export function batchCommand<Context>(): CliCommand<Context> {
  const batch: CliCommand<Context> = commandsWith<Context>()({
    name: 'batch',
    description:
      'Run many commands in one process, in order: --file holds a JSON array of command lines (arrays of strings); stops at the first failure',
    options: [
      {
        kind: 'text',
        name: 'file',
        description: 'JSON file of command lines, or - for standard input',
        required: true,
      },
    ],
    run: async (context, { file }, runner) => {
      const text = readFileSync(file === '-' ? 0 : file, 'utf8');
      let lines: unknown;
      try {
        lines = JSON.parse(text);
      } catch {
        throw new UsageError('--file must hold JSON');
      }
      if (
        !Array.isArray(lines) ||
        !lines.every((line) => Array.isArray(line) && line.every((arg) => typeof arg === 'string'))
      ) {
        throw new UsageError('--file must hold an array of command lines, each an array of strings');
      }
      const results: unknown[] = [];
      for (const [index, [name, ...args]] of (lines as string[][]).entries()) {
        const command = runner.commands.find((candidate) => candidate.name === name);
        if (!command || command.name === batch.name)
          throw new UsageError(`line ${index + 1}: unknown command "${name ?? ''}"`);
        try {
          results.push(await runCommand(command, context, args, runner));
        } catch (error) {
          throw new UsageError(`line ${index + 1} (${name}) failed after ${index} done: ${failure(error).error}`);
        }
      }
      return results;
    },
  });
  return batch;
}
