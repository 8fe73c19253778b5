import { batchCommand, helpCommand } from '../../lib/cli/index.js';
import { modules } from '../../modules/index.js';
import type { OperatorCommand, OperatorContext } from '../../modules/operator-command.js';
import { ordersDemoCommand } from './orders-demo.js';
import { seedDemoCommand } from './seed-demo.js';

/**
 * Every operator command, in the order `help` lists them: the CLI's own (demo data), then each module's
 * (modules/index.ts), so a module's commands are declared in its manifest and nowhere else.
 */
export const commands: readonly OperatorCommand[] = [
  helpCommand<OperatorContext>(),
  batchCommand<OperatorContext>(),
  seedDemoCommand,
  ordersDemoCommand,
  ...modules.flatMap((module) => module.commands ?? []),
];
