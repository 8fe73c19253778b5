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
      keep: 'accounting: the payment trail behind the order history (decision 007) — what was bought, charged and refunded, by user id and trade number, nothing else about the person',
    },
    payment_notifications: {
      personal: false,
      why: 'what providers sent, by trade number: the accounting trail of payments, no person named',
    },
    // A review names its payment, so through the checkout it names the buyer; its detail holds
    // ids and amounts only (a company, a coupon grant, another trade number), nothing to clear.
    payment_reviews: {
      keep: 'accounting: the operator’s record of a payment refused or a discount given twice (decision 052), by trade number, kept with the checkout it reviews',
    },
    sandbox_payments: {
      personal: false,
      why: 'the sandbox provider’s own books, by trade number, as a real provider keeps them outside',
    },
    sandbox_notifications: { personal: false, why: 'notifications the sandbox provider owes, by trade number' },
  },
});

// The door: what code above the modules reads of a person's checkouts (the demo's seeding).
export { checkoutByTradeNo, hasCheckouts } from './payments.repository.js';
