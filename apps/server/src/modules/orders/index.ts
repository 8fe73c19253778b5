import { invoiceFailCommand, invoiceIssueCommand, invoiceListCommand } from './invoices.commands.js';
import { defineModule } from '../manifest.js';
import { orderRecordCommand } from './orders.commands.js';
import { orderRoutes } from './orders.routes.js';
import { subscriptionOrderRoutes } from './subscription-orders.routes.js';

/**
 * Orders and their invoices (spec 01 §2 "Order screen"); the receipts drawn from them and the
 * subscriptions, licences and storage on the same screen are modules of their own.
 */
export const ordersModule = defineModule({
  name: 'orders',
  routes: [orderRoutes, subscriptionOrderRoutes],
  commands: [orderRecordCommand, invoiceListCommand, invoiceIssueCommand, invoiceFailCommand],
  tables: {
    orders: {
      keep: 'accounting law: sales records are kept for years (docs/decisions/007); they hold the user id and what was bought, nothing else about the person',
    },
    invoices: {
      keeps: 'what was issued, for accounting; the delivery e-mail is cleared',
      anonymise: (trx, account) =>
        trx
          .updateTable('invoices')
          .set({ email: '', updated_at: account.now })
          .where('user_id', '=', account.userId)
          .execute(),
    },
  },
});

// The door: what other modules read of orders (docs/architecture.md#module-doors).
export { userOrder } from './invoices.service.js';
export { itemName, itemTargetOf, orderName } from './item-names.js';
export { findInvoice, findOrderByNo, orderProducts } from './orders.repository.js';
export { markOrderRefunded, newOrderNo, recordOrderIn } from './orders.service.js';
