import { downloadReceiptRoute, getReceiptLinkRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { openReceipt, receiptLink } from './receipts.service.js';

export async function receiptRoutes(app: FastifyInstance) {
  registerRoute(app, getReceiptLinkRoute, async ({ params, query, request }) =>
    ok(
      await receiptLink(
        app.db,
        app.config.secretKey,
        params.userId,
        query.order_id,
        query.product,
        app.clock.now(),
        // An absolute link: the desktop client downloads it through the host (spec 01 §7).
        `${request.protocol}://${request.host}`,
      ),
    ),
  );

  registerRoute(app, downloadReceiptRoute, async ({ params, query, reply }) => {
    const { pdf, filename } = await openReceipt(
      app.db,
      app.config.secretKey,
      params.orderId,
      query.expires,
      query.signature,
      app.clock.now(),
    );
    // No cache keeps it: every /api/ answer is no-store (plugins/security-headers.ts).
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`);
    return pdf;
  });
}
