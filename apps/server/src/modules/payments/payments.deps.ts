import type { Redis } from 'ioredis';
import type { Config } from '../settings.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { CheckoutEvents } from './checkout-events.js';
import { PaymentProviders, type PaymentsDeps } from './providers.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';

export interface PaymentsEnvironment {
  db: Db;
  clock: Clock;
  config: Config;
  redis: Redis | null;
  log: PaymentsDeps['log'];
  /** The port this server listens on, once it does (the sandbox notifies it on loopback). */
  listeningPort(): number;
}

/**
 * The checkout's services as one server instance or the operator CLI runs them: the providers
 * configured (the sandbox when on), the change channel, and where notifications are sent.
 */
export function buildPaymentsDeps(env: PaymentsEnvironment): PaymentsDeps {
  const { payments } = env.config;
  const sandbox = payments.sandbox
    ? new SandboxProvider({
        db: env.db,
        clock: env.clock,
        secretKey: env.config.secretKey,
        retrySeconds: payments.sandboxRetrySeconds,
      })
    : null;
  return {
    db: env.db,
    clock: env.clock,
    config: payments,
    providers: new PaymentProviders(sandbox ? [sandbox] : []),
    events: new CheckoutEvents(env.redis, (error) => env.log.error({ err: error }, 'checkout events channel failed')),
    sandbox,
    log: env.log,
    notifyOrigin: () => payments.notifyUrl ?? `http://127.0.0.1:${env.listeningPort()}`,
  };
}
