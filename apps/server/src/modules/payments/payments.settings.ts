import { defineSettings, periodMilliseconds, periodSeconds } from '../../lib/settings.js';
import { DEFAULT_SANDBOX_RETRY_SECONDS, type PaymentsConfig, readPaymentsConfig } from './payments.config.js';

export interface PaymentsSettings {
  /** The checkout's providers, prices and schedules (docs/decisions/037). */
  payments: PaymentsConfig;
}

const sweepSeconds = periodSeconds(
  'CHECKOUT_SWEEP_SECONDS',
  30,
  'how often each instance closes unpaid checkouts past their time (30 minutes; a bank transfer 7 days); `0` never',
);
const sandboxPollMs = periodMilliseconds(
  'PAY_SANDBOX_POLL_MS',
  1000,
  'how often the sandbox looks for notifications due, milliseconds',
);

export const paymentsSettings = defineSettings<PaymentsSettings>({
  module: 'payments',
  variables: [
    {
      name: 'PAY_SANDBOX',
      default: 'on unless production',
      meaning:
        'the built-in sandbox payment provider collects QR (wxpay, alipay) and card payments: its own pay page ' +
        '(answering where the dev tools do), signed notifications retried until acknowledged (decision 037); never ' +
        'in production',
    },
    {
      name: 'PAY_NOTIFY_URL',
      default: '—',
      meaning:
        "this site's public origin, where payment providers send notifications (`/api/pay/notify/<provider>`); " +
        "unset, the sandbox calls this server's own port on loopback",
    },
    {
      name: 'PAY_SANDBOX_RETRY_SECONDS',
      default: `\`${DEFAULT_SANDBOX_RETRY_SECONDS.join(',')}\``,
      meaning: "the sandbox's waits between tries of an unacknowledged notification, seconds",
    },
    sandboxPollMs,
    {
      name: 'CHECKOUT_PRICES',
      default: "the catalogue's",
      meaning:
        'prices replacing the defaults, in minor units: `personal.oneYear:USD=6900,template.credit10:CNY=off` ' +
        '(`off` stops selling an item in that currency)',
    },
    sweepSeconds,
    {
      name: 'BANK_TRANSFER_ACCOUNT',
      default: 'a sample account',
      meaning: '`<account name>|<bank>|<account number>` shown for bank transfers',
    },
  ],
  read: (reader, server) => ({
    payments: readPaymentsConfig(
      reader.env,
      {
        production: server.production,
        sweepSeconds: () => sweepSeconds.read(reader),
        sandboxPollMs: () => sandboxPollMs.read(reader),
      },
      reader.problems,
    ),
  }),
});
