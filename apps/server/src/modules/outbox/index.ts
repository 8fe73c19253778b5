import { defineModule, eraseByAddress } from '../manifest.js';
import { outboxPlugin } from './outbox.plugin.js';
import { outboxRoutes } from './outbox.routes.js';

/** Mail and SMS waiting to go out (and the dev reader of what went out). */
export const outboxModule = defineModule({
  name: 'outbox',
  plugins: [outboxPlugin],
  routes: [outboxRoutes],
  tables: { outbox: eraseByAddress('outbox', 'recipient') },
});

// The door: how other modules hand the outbox a message to deliver (docs/architecture.md#module-doors).
export { insertMessage } from './outbox.repository.js';
export { type OutboxChannel } from './outbox.repository.js';
