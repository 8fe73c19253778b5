import { type CheckoutPrices, checkoutItemByKey, type Currency, currencies } from '@account-centre/contract';

/** How the checkout takes payments (docs/decisions/037). */
export interface PaymentsConfig {
  /**
   * The built-in sandbox provider collects QR (wxpay, alipay) and card payments on this machine:
   * its own pay page, signed notifications, retries. On in development; never in production.
   */
  sandbox: boolean;
  /** Prices replacing the catalogue's defaults (`CHECKOUT_PRICES`), by item key and currency. */
  prices: Record<string, Partial<Record<Currency, number | null>>>;
  /** How often each instance closes unpaid checkouts past their time (0: never). */
  sweepSeconds: number;
  /**
   * Where providers send notifications: this server's public origin (`PAY_NOTIFY_URL`). Unset,
   * the sandbox, which runs on this machine, calls the server's own port on loopback.
   */
  notifyUrl: string | null;
  /** The sandbox's waits between tries of an unacknowledged notification, seconds. */
  sandboxRetrySeconds: number[];
  /** How often the sandbox looks for notifications due (0: only when asked, as tests do). */
  sandboxPollMs: number;
  /** The account a bank transfer is paid into (`BANK_TRANSFER_ACCOUNT`: name|bank|number). */
  bank: { accountName: string; bankName: string; accountNo: string };
}

/** A real provider's schedule, shortened at its end: the first tries within a minute, then minutes apart. */
export const DEFAULT_SANDBOX_RETRY_SECONDS = [15, 15, 30, 180, 600, 1200, 1800, 3600];

const DEFAULT_BANK = {
  accountName: 'Account Centre Software Co., Ltd.',
  bankName: 'Bank of China, Shenzhen Branch',
  accountNo: '7559 0000 1234 5678',
};

type Env = Record<string, string | undefined>;

/**
 * `CHECKOUT_PRICES`: comma-separated `<item>:<currency>=<minor units>` (`off` stops selling it in
 * that currency), e.g. `personal.oneYear:USD=6900,template.credit10:CNY=off`.
 */
export function readCheckoutPrices(raw: string | undefined, problems: string[]): PaymentsConfig['prices'] {
  const prices: PaymentsConfig['prices'] = {};
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9.]+):([A-Z]{3})=(off|\d{1,9})$/.exec(entry);
    const item = match ? checkoutItemByKey(match[1]!) : undefined;
    const currency = match?.[2] as Currency | undefined;
    if (!match || !item || !currency || !(currencies as readonly string[]).includes(currency)) {
      problems.push(`CHECKOUT_PRICES: "${entry}" is not <item>:<CNY|USD>=<minor units or off> of a catalogue item`);
      continue;
    }
    const value = match[3] === 'off' ? null : Number(match[3]);
    if (value === 0) {
      problems.push(`CHECKOUT_PRICES: "${entry}" — a price is at least one minor unit`);
      continue;
    }
    (prices[item.key] ??= {})[currency] = value;
  }
  return prices;
}

/**
 * The checkout's settings (payments.settings.ts declares them); the two whole numbers are read by
 * their declarations, when their turn comes, so problems keep the variables' order.
 */
export function readPaymentsConfig(
  env: Env,
  options: { production: boolean; sweepSeconds: () => number; sandboxPollMs: () => number },
  problems: string[],
): PaymentsConfig {
  const sandboxRaw = env.PAY_SANDBOX?.trim().toLowerCase();
  const sandbox = sandboxRaw ? ['1', 'true', 'yes', 'on'].includes(sandboxRaw) : !options.production;
  if (sandbox && options.production) problems.push('PAY_SANDBOX cannot be on when NODE_ENV=production');

  const notifyUrl = env.PAY_NOTIFY_URL?.trim().replace(/\/+$/, '') || null;
  if (notifyUrl !== null && !/^https?:\/\/[^/\s]+$/.test(notifyUrl)) {
    problems.push('PAY_NOTIFY_URL must be an origin such as https://account.example.com');
  }

  let sandboxRetrySeconds = DEFAULT_SANDBOX_RETRY_SECONDS;
  const retries = env.PAY_SANDBOX_RETRY_SECONDS?.trim();
  if (retries) {
    const values = retries.split(',').map((part) => Number(part.trim()));
    if (values.some((value) => !Number.isInteger(value) || value < 0 || value > 86_400) || values.length > 20) {
      problems.push('PAY_SANDBOX_RETRY_SECONDS must be up to 20 comma-separated waits of 0 to 86400 seconds');
    } else sandboxRetrySeconds = values;
  }

  let bank = DEFAULT_BANK;
  const bankRaw = env.BANK_TRANSFER_ACCOUNT?.trim();
  if (bankRaw) {
    const [accountName, bankName, accountNo, ...rest] = bankRaw.split('|').map((part) => part.trim());
    if (!accountName || !bankName || !accountNo || rest.length > 0) {
      problems.push('BANK_TRANSFER_ACCOUNT must be <account name>|<bank>|<account number>');
    } else bank = { accountName, bankName, accountNo };
  }

  return {
    sandbox,
    prices: readCheckoutPrices(env.CHECKOUT_PRICES, problems),
    sweepSeconds: options.sweepSeconds(),
    notifyUrl,
    sandboxRetrySeconds,
    sandboxPollMs: options.sandboxPollMs(),
    bank,
  };
}

/** An item's prices with the configured ones in place of the defaults. */
export function pricesOf(config: PaymentsConfig, key: string): CheckoutPrices | undefined {
  const item = checkoutItemByKey(key);
  if (!item) return undefined;
  return { ...item.prices, ...config.prices[key] };
}
