import { invoiceFailCommand, invoiceIssueCommand, invoiceListCommand } from './invoices.commands.js';
import { subscriptionGrantCommand } from '../subscriptions/subscriptions.commands.js';
import { defineModule } from '../manifest.js';
import { receiptRoutes } from '../receipts/receipts.routes.js';
import { subscriptionRoutes } from '../subscriptions/subscriptions.routes.js';
import { orderRecordCommand } from './orders.commands.js';
import { orderRoutes } from './orders.routes.js';

/** Orders, invoices and receipts, subscriptions, licences and storage (spec 01 §2 "Order screen"). */
export const ordersModule = defineModule({
  name: 'orders',
  routes: [orderRoutes, subscriptionRoutes, receiptRoutes],
  commands: [orderRecordCommand, subscriptionGrantCommand, invoiceListCommand, invoiceIssueCommand, invoiceFailCommand],
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
    storage_quotas: { erase: 'rows' },
  },
});
