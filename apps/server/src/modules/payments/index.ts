import { defineModule } from '../manifest.js';
import { paymentCommands } from './payments.commands.js';
import { paymentsPlugin } from './payments.plugin.js';
import { paymentRoutes } from './payments.routes.js';

/**
 * Checkout and payments (issue 17, docs/decisions/037): the catalogue, orders waiting to be
 * paid, providers behind one interface (the sandbox on this machine), notifications settled
 * exactly once, fulfilment through the grants module, the state pushed live, refunds.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  plugins: [paymentsPlugin],
  routes: [paymentRoutes],
  commands: paymentCommands,
  tables: {
    checkouts: {
      erase: 'custom',
      // A paid checkout is the sale behind an order in the history, kept for accounting with it
      // (decision 007); one never paid is nobody's business once the account is gone.
      run: (trx, account) =>
        trx
          .deleteFrom('checkouts')
          .where('user_id', '=', account.userId)
          .where('state', 'in', ['created', 'closed'])
          .execute(),
    },
    payment_notifications: {
      personal: false,
      why: 'what providers sent, by trade number: the accounting trail of payments, no person named',
    },
    sandbox_payments: {
      personal: false,
      why: 'the sandbox provider’s own books, by trade number, as a real provider keeps them outside',
    },
    sandbox_notifications: { personal: false, why: 'notifications the sandbox provider owes, by trade number' },
  },
});
