import { type CliCommand, commandsWith } from '../lib/cli/index.js';
import type { AuthDeps } from './auth/deps.js';

/** What every operator command runs in: the configuration, the clock, and the database on first use. */
export interface OperatorContext {
  config: AuthDeps['config'];
  clock: AuthDeps['clock'];
  /** Opens the database (migrated to the latest schema) on first use; `help` never does. */
  deps(): Promise<AuthDeps>;
}

export type OperatorCommand = CliCommand<OperatorContext>;

/** Declares an operator command whose `run` receives its options typed (lib/cli). */
export const operatorCommand = commandsWith<OperatorContext>();
