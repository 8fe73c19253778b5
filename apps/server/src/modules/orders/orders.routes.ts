import { getOrdersRoute, requestInvoiceRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { requestInvoice } from './invoices.service.js';
import { orderHistory } from './orders.service.js';

export async function orderRoutes(app: FastifyInstance) {
  registerRoute(app, getOrdersRoute, async ({ params, query, caller }) => {
    const { rows, count } = await orderHistory(app.db, params.userId, query, app.clock.now(), caller.language);
    return okList(rows, count);
  });

  registerRoute(app, requestInvoiceRoute, async ({ params, body }) =>
    ok(await requestInvoice(app.db, params.userId, body, app.clock.now())),
  );
}
