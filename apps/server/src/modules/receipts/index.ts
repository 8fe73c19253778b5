import { defineModule } from '../manifest.js';
import { receiptRoutes } from './receipts.routes.js';

/**
 * Receipts of orders (spec 01 §3 "Receipt", §7 getInvoiceDownloadURL): signed download links and
 * the PDF drawn from the order and its invoice each time. It owns no table: the orders module
 * keeps the orders and the invoices they are drawn from, and issues them.
 */
export const receiptsModule = defineModule({
  name: 'receipts',
  routes: [receiptRoutes],
});
