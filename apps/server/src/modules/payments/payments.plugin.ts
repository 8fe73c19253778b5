import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import { closeExpiredCheckouts } from './checkout.service.js';
import { buildPaymentsDeps } from './payments.deps.js';
import type { PaymentsDeps } from './providers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checkout's providers, change channel and settings (docs/decisions/037). */
    payments: PaymentsDeps;
    /** Open checkout event streams, ended when the app closes. */
    checkoutStreams: Set<() => void>;
  }
}

/**
 * The checkout's pieces on this instance: its providers, the channel on which instances hear of
 * changed checkouts, the sweep that closes unpaid checkouts past their time, and the sandbox's
 * delivery of notifications it owes (both safe on any number of instances at once).
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const payments = buildPaymentsDeps({
      db: app.db,
      clock: app.clock,
      config: app.config,
      redis: app.redis,
      log: app.log,
      listeningPort: () => {
        const address = app.server.address();
        return typeof address === 'object' && address ? address.port : app.config.port;
      },
    });
    app.decorate('payments', payments);
    app.decorate('checkoutStreams', new Set<() => void>());
    app.addHook('onReady', () => payments.events.start());
    app.addHook('preClose', async () => {
      for (const end of [...app.checkoutStreams]) end();
    });
    app.addHook('onClose', () => payments.events.stop());
    runPeriodically(app, 'unpaid checkout sweep', app.config.payments.sweepSeconds * 1000, () =>
      closeExpiredCheckouts(payments),
    );
    const { sandbox } = payments;
    if (sandbox) {
      runPeriodically(app, 'sandbox notification delivery', app.config.payments.sandboxPollMs, () =>
        sandbox.deliverDue(),
      );
    }
  },
  { name: 'payments', dependencies: ['database', 'redis'] },
);
