import type { CliCommand } from '../cli.js';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccount } from '../demo-seed.js';

export const seedDemoCommand: CliCommand = {
  name: 'seed:demo',
  description: `Create the demo account ${DEMO_EMAIL} (password ${DEMO_PASSWORD}) when it does not exist; safe to run again.`,
  options: [],
  run: async (context) => ensureDemoAccount(await context.deps()),
};
