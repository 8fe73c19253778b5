import { operatorCommand } from '../../modules/operator-command.js';
import { DEMO_EMAIL, ensureDemoAccount } from '../demo-seed.js';

export const seedDemoCommand = operatorCommand({
  name: 'seed:demo',
  description: `Create the demo account ${DEMO_EMAIL} when it does not exist, printing the random password made for it this once; safe to run again.`,
  options: [],
  run: async (context) => ensureDemoAccount(await context.deps()),
});
