/** The operator command-line kit: typed options, their parsing and checks, the runner, `help` and `batch`. */
export { type CliCommand, type CliRunner, commandsWith, runCommand, usage } from './command.js';
export {
  type CliOption,
  type LocalisedValue,
  type OptionValues,
  parseArguments,
  userIdOption,
  userIdOrEmailOption,
  type UserRef,
} from './options.js';
export { batchCommand, type CliSession, helpCommand, runCommandLine } from './runner.js';
export { CliSetupError, UsageError } from './usage-error.js';
