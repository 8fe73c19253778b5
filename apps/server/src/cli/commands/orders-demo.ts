import type { CliCommand } from '../cli.js';
import { intFlag } from '../order-flags.js';
import { seedOrderDemo } from '../order-demo.js';

export const ordersDemoCommand: CliCommand = {
  name: 'orders:demo',
  description:
    'Give a user demo orders and licences in every state (invoices, windows, channels, platforms, team plan, storage); does nothing for a user who already has orders.',
  options: [{ name: 'user', description: 'user id', required: true }],
  run: async (context, flags) => {
    const deps = await context.deps();
    return seedOrderDemo(deps.db, intFlag('user', flags.user) as number, deps.clock.now());
  },
};
