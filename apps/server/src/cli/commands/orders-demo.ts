import { userIdOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../../modules/operator-command.js';
import { seedOrderDemo } from '../order-demo.js';

export const ordersDemoCommand = operatorCommand({
  name: 'orders:demo',
  description:
    'Give a user demo orders and licences in every state (invoices, windows, channels, platforms, team plan, storage); does nothing for a user who already has orders.',
  options: [userIdOption],
  run: async (context, { user }) => {
    const deps = await context.deps();
    return seedOrderDemo(deps.db, user, deps.clock.now());
  },
});
