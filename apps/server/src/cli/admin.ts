import { runCli } from './cli.js';
import { commands } from './commands/index.js';

/** `npm run admin -- <command> [--flags]`: operator commands, JSON out (see `help`). */
process.exitCode = await runCli(process.argv.slice(2), commands);
