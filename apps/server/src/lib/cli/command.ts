import { languages } from '@account-centre/contract';
import { type CliOption, expectation, type OptionValues, parseArguments } from './options.js';

/** What a command's `run` is given besides its values: the commands beside it (`help`, `batch`). */
export interface CliRunner<Context> {
  commands: readonly CliCommand<Context>[];
}

/**
 * One operator command: its options are declared, and `run` receives them parsed and checked
 * (`parse` does that from the words after the command's name).
 */
export interface CliCommand<Context> {
  name: string;
  description: string;
  options: readonly CliOption[];
  parse(args: readonly string[]): unknown;
  run(context: Context, values: never, runner: CliRunner<Context>): Promise<unknown>;
}

export interface CommandDefinition<Context, Options extends readonly CliOption[]> {
  name: string;
  description: string;
  options: Options;
  run(context: Context, values: OptionValues<Options>, runner: CliRunner<Context>): Promise<unknown>;
}

/**
 * The command maker for one kind of context: `const command = commandsWith<MyContext>()`, then
 * `command({ name, description, options: [...], run })`, where `run`'s values are typed by the
 * options as declared (an integer is a number, a choice one of its values, …).
 */
export function commandsWith<Context>() {
  return <const Options extends readonly CliOption[]>(
    definition: CommandDefinition<Context, Options>,
  ): CliCommand<Context> => ({
    ...definition,
    parse: (args) => parseArguments(args, definition.options),
  });
}

/** Runs a command on a command line's words after its name: parsed first, so a usage error comes before any work. */
export function runCommand<Context>(
  command: CliCommand<Context>,
  context: Context,
  args: readonly string[],
  runner: CliRunner<Context>,
): Promise<unknown> {
  const values = command.parse(args) as never;
  return command.run(context, values, runner);
}

const languagesList = languages.join('|');

/** The one-line usage of a command, from its declarations. */
export function usage(command: Pick<CliCommand<unknown>, 'name' | 'options'>): string {
  const parts = command.options.map((o) => {
    if (o.kind === 'switch') return o.required ? `--${o.name}` : `[--${o.name}]`;
    const value = o.kind === 'choice' ? o.values.join('|') : '…';
    const inLanguages = o.kind === 'localised' ? ` [--${o.name}-<${languagesList}> …]` : '';
    return (o.required ? `--${o.name} ${value}` : `[--${o.name} ${value}]`) + inLanguages;
  });
  return [`npm run admin -- ${command.name}`, ...parts].join(' ');
}

/** An option as `help` shows it: what it is called, means and accepts. */
export function describeOption(option: CliOption) {
  return {
    name: option.name,
    description: option.description,
    ...(option.required ? { required: true } : {}),
    ...(option.kind === 'choice' ? { values: option.values } : {}),
    ...(option.kind === 'switch' ? { switch: true } : {}),
    ...(option.kind === 'localised' ? { localised: true } : {}),
    expects: expectation(option),
  };
}
