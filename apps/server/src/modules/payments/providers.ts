import type { PaymentMethod } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { CheckoutEvents } from './checkout-events.js';
import type { PaymentsConfig } from './payments.config.js';
import type { PaymentProvider } from './provider.js';
import type { SandboxProvider } from './sandbox/sandbox-provider.js';

/** A bank transfer has no provider: the money arrives outside, and an operator confirms it. */
export const BANK_TRANSFER = 'bank';

/**
 * The providers this instance collects with: each method goes to the first one that takes it.
 * Today the sandbox, when on; a real adapter (WeChat Pay, Alipay, a card provider) is added
 * to the list in `payments.plugin.ts` and takes its methods over (docs/decisions/037).
 */
export class PaymentProviders {
  constructor(private readonly list: readonly PaymentProvider[]) {}

  forMethod(method: PaymentMethod): PaymentProvider | null {
    return this.list.find((provider) => provider.methods.includes(method)) ?? null;
  }

  byName(name: string): PaymentProvider | null {
    return this.list.find((provider) => provider.name === name) ?? null;
  }
}

/** What the checkout's services work with. */
export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  config: PaymentsConfig;
  providers: PaymentProviders;
  events: CheckoutEvents;
  /** The sandbox provider's own side (its pay page, agreements), when it is on. */
  sandbox: SandboxProvider | null;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Where providers send notifications: the configured origin, or this server's own port. */
  notifyOrigin(): string;
}
