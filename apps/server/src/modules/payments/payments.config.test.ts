import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../load-config.js';
import { DEFAULT_SANDBOX_RETRY_SECONDS, pricesOf, readCheckoutPrices } from './payments.config.js';

const base = { SECRET_KEY: 'payments-config-secret-payments-config-01', NODE_ENV: 'development' };

describe('payments configuration', () => {
  it('has the sandbox on in development, its schedule, and the catalogue’s prices by default', () => {
    const { payments } = loadConfig(base);
    expect(payments).toMatchObject({ sandbox: true, notifyUrl: null, sweepSeconds: 30, sandboxPollMs: 1000 });
    expect(payments.sandboxRetrySeconds).toEqual(DEFAULT_SANDBOX_RETRY_SECONDS);
    expect(pricesOf(payments, 'personal.oneYear')).toEqual({ CNY: 28_000, USD: 7900 });
    expect(pricesOf(payments, 'template.credit10')).toEqual({ CNY: 1000, USD: null });
    expect(pricesOf(payments, 'nothing')).toBeUndefined();
  });

  it('replaces prices, and stops selling an item in a currency with off', () => {
    const { payments } = loadConfig({ ...base, CHECKOUT_PRICES: 'personal.oneYear:USD=6900, ai.points1000:CNY=off' });
    expect(pricesOf(payments, 'personal.oneYear')).toEqual({ CNY: 28_000, USD: 6900 });
    expect(pricesOf(payments, 'ai.points1000')).toEqual({ CNY: null, USD: 199 });
  });

  it('names every bad value at once', () => {
    const problems: string[] = [];
    readCheckoutPrices('personal.oneYear:EUR=100,nothing:CNY=1,personal.lifetime:CNY=0,ai.points1000', problems);
    expect(problems).toHaveLength(4);
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        DEV_TOOLS: 'false',
        PAY_SANDBOX: 'true',
        PAY_NOTIFY_URL: 'https://account.example.com/api/pay',
        PAY_SANDBOX_RETRY_SECONDS: '15,x',
        BANK_TRANSFER_ACCOUNT: 'only a name',
      }),
    ).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([
          'PAY_SANDBOX cannot be on when NODE_ENV=production',
          'PAY_NOTIFY_URL must be an origin such as https://account.example.com',
          'PAY_SANDBOX_RETRY_SECONDS must be up to 20 comma-separated waits of 0 to 86400 seconds',
          'BANK_TRANSFER_ACCOUNT must be <account name>|<bank>|<account number>',
        ]),
      }),
    );
  });

  it('has the sandbox off in production, and takes a notify origin and a bank account', () => {
    const { payments } = loadConfig({
      ...base,
      NODE_ENV: 'production',
      DEV_TOOLS: 'false',
      PAY_NOTIFY_URL: 'https://account.example.com/',
      BANK_TRANSFER_ACCOUNT: 'Example Ltd | Example Bank | 1234 5678',
    });
    expect(payments.sandbox).toBe(false);
    expect(payments.notifyUrl).toBe('https://account.example.com');
    expect(payments.bank).toEqual({ accountName: 'Example Ltd', bankName: 'Example Bank', accountNo: '1234 5678' });
  });
});
