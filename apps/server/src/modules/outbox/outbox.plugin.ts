import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import {
  createSmtpTransport,
  type FlushResult,
  OutboxDelivery,
  SandboxSmsSender,
  type SmsSender,
} from './outbox.service.js';

export interface OutboxApi {
  /** Delivers every message due now (tests, and a poll tick). */
  flush(): Promise<FlushResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxApi;
  }
}

export interface OutboxPluginOptions {
  /** The SMS provider adapter; the sandbox (messages stay in the outbox) when absent. */
  sms?: SmsSender;
}

/**
 * The outbox delivery worker of this instance. With SMTP_URL set it sends e-mail rows; SMS
 * rows go through the SMS adapter. While the app runs it polls every `OUTBOX_POLL_MS`; the
 * timer never keeps the process alive and stops, after its current round, when the app closes.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: OutboxPluginOptions = {}) => {
    const { config } = app;
    const mail = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
    const delivery = new OutboxDelivery({
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      mail,
      mailFrom: config.mailFrom,
      sms: options.sms ?? new SandboxSmsSender(),
      maxAttempts: config.outbox.maxAttempts,
      log: app.log.child({ module: 'outbox' }),
    });
    app.decorate('outbox', { flush: () => delivery.flush() });

    // A slow round (a hung SMTP server) is not overtaken by the next one of this instance.
    runPeriodically(app, 'outbox delivery round', delivery.channels.length > 0 ? config.outbox.pollMs : 0, () =>
      delivery.flush(),
    );
    app.addHook('onClose', async () => {
      mail?.close();
    });
  },
  { name: 'outbox', dependencies: ['database'] },
);
