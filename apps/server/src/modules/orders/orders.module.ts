import type { FastifyInstance } from 'fastify';
import { receiptRoutes } from '../receipts/receipts.routes.js';
import { subscriptionRoutes } from '../subscriptions/subscriptions.routes.js';
import { orderRoutes } from './orders.routes.js';

/** Orders, invoices and receipts, subscriptions, licences and storage (spec 01 §2 "Order screen"). */
export async function ordersModule(app: FastifyInstance) {
  await app.register(orderRoutes);
  await app.register(subscriptionRoutes);
  await app.register(receiptRoutes);
}
