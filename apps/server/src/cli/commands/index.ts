import type { CliCommand } from '../cli.js';
import { modules } from '../../modules/index.js';
import { batchCommand } from './batch.js';
import { helpCommand } from './help.js';
import { ordersDemoCommand } from './orders-demo.js';
import { seedDemoCommand } from './seed-demo.js';

/**
 * Every operator command, in the order `help` lists them: the CLI's own (demo data), then each module's
 * (modules/index.ts), so a module's commands are declared in its manifest and nowhere else.
 */
export const commands: readonly CliCommand[] = [
  helpCommand,
  batchCommand,
  seedDemoCommand,
  ordersDemoCommand,
  ...modules.flatMap((module) => module.commands ?? []),
];
