import { defineModule } from '../manifest.js';
import { subscriptionGrantCommand } from './subscriptions.commands.js';
import { subscriptionRoutes } from './subscriptions.routes.js';

/**
 * Subscription records, licences and cloud storage on the order screen (spec 01 §2 "Order
 * screen", §3, §6): what a person holds, read, cancelled and granted. The `subscriptions` table
 * itself stays with the grants module, which alone writes it: a record is rebuilt from the live
 * licence grants (docs/architecture.md#grants-and-ledgers, decision 022), and this module only
 * reads it and asks the grants module to give or cancel.
 */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  routes: [subscriptionRoutes],
  commands: [subscriptionGrantCommand],
  tables: {
    storage_quotas: { erase: 'rows' },
  },
});

// The door: what other modules read of a person's licence records (docs/architecture.md#module-doors).
export { subscriptionRecords } from './subscriptions.service.js';
export { grantSubscription } from './subscriptions.service.js';
