import { readFileSync } from 'node:fs';
import { AppError } from '../../lib/errors.js';
import { type CliCommand, parseFlags, UsageError } from '../cli.js';

/**
 * `batch --file F`: runs many commands in one process, one after another, on one connection —
 * for an operator's script of many small actions (a notice to each of a list, a grant per
 * line), which would otherwise pay a process start each. F holds a JSON array of command
 * lines, each an array of strings as on the command line. It stops at the first that fails,
 * naming it; those before it stay done. The answer is each command's answer, in order.
 */
export const batchCommand: CliCommand = {
  name: 'batch',
  description:
    'Run many commands in one process, in order: --file holds a JSON array of command lines (arrays of strings); stops at the first failure',
  options: [{ name: 'file', description: 'JSON file of command lines, or - for standard input', required: true }],
  run: async (context, flags) => {
    const text = readFileSync(flags.file === '-' ? 0 : (flags.file as string), 'utf8');
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
      const command = context.commands.find((candidate) => candidate.name === name);
      if (!command || command === batchCommand)
        throw new UsageError(`line ${index + 1}: unknown command "${name ?? ''}"`);
      try {
        results.push(await command.run(context, parseFlags(args, command)));
      } catch (error) {
        const why =
          error instanceof AppError
            ? (error.detail ?? error.msg)
            : error instanceof Error
              ? error.message
              : String(error);
        throw new UsageError(`line ${index + 1} (${name}) failed after ${index} done: ${why}`);
      }
    }
    return results;
  },
};
