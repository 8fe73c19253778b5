import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { PASSWORD } from '../helpers/auth.js';
import { callOverHttp } from '../helpers/over-http.js';
import { freePort, startServerAt } from '../helpers/processes.js';
import { dialects } from '../helpers/test-app.js';

/**
 * Issue 17's invariant: the server is SIGKILLed while payments are being settled — some paid at
 * the provider and not yet notified, some settled and not yet acknowledged — and started again on
 * the same database. The provider's retries then settle every paid checkout exactly once: one
 * order, one grant, one "fulfilled" in the notification log, whatever was repeated.
 */

const CHECKOUTS = 16;

describe.each(dialects)('payments settled across a SIGKILL on $name', (dialect) => {
  let url: string;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    ({ url, drop } = await dialect.freshUrl());
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // A development port serves the domestic build, whose QR payments these are.
      DEV_PORTS: String(port),
      SECRET_KEY: 'payment-crash-secret-payment-crash-secret-01',
      DEV_TOOLS: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: 'minimal',
      RATE_LIMIT_MAX: '100000',
      // Every life listens on the same port, which the provider notifies; its retries come fast.
      PAY_NOTIFY_URL: base,
      PAY_SANDBOX_RETRY_SECONDS: '1,1,1,1,1,1,1,1,1,1',
      PAY_SANDBOX_POLL_MS: '200',
      CHECKOUT_SWEEP_SECONDS: '0',
    };
  });
  afterAll(async () => drop?.());

  it('fulfils every paid checkout once after the server is killed mid-settlement', { timeout: 120_000 }, async () => {
    const database = await openDatabase(url);
    let server = await startServerAt(env, base);
    // Whatever fails from here, the server started is stopped: a failed run leaves no process behind.
    try {
      const call = (method: string, path: string, body?: unknown, token?: string) =>
        callOverHttp(base, method, path, body, token);

      const email = `payment-crash-${Date.now().toString(36)}@example.com`;
      expect((await call('POST', '/api/auth/code', { purpose: 1, email })).status).toBe('success');
      const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
      const code = /\b(\d{6})\b/.exec((outbox.data as { body: string }[])[0]?.body ?? '')?.[1];
      const registered = await call('POST', '/api/auth/register', { email, password: PASSWORD, code });
      const { user_id: userId, token } = registered.data as { user_id: number; token: string };

      const checkouts: { out_trade_no: string; pay_url: string }[] = [];
      for (let i = 0; i < CHECKOUTS; i++) {
        const opened = await call(
          'POST',
          `/api/user/${userId}/pay/checkout`,
          { item: 'ai.points1000', method: 'wxpay' },
          token,
        );
        expect(opened.status, opened.msg).toBe('success');
        checkouts.push(opened.data as { out_trade_no: string; pay_url: string });
      }
      const press = (payUrl: string) =>
        fetch(`${base}${new URL(payUrl).pathname}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          redirect: 'manual',
        }).catch(() => null);

      // Everyone pays at once; the server dies as soon as the first payment has been settled, with
      // the others anywhere between the press, the notification and its acknowledgement.
      const presses = checkouts.map((checkout) => press(checkout.pay_url));
      for (;;) {
        const settled = await database.db
          .selectFrom('payment_notifications')
          .select('id')
          .where('outcome', '=', 'fulfilled')
          .executeTakeFirst();
        if (settled) break;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(presses);

      // The next life: the provider's retries arrive; presses that never reached it are made again.
      server = await startServerAt(env, base);
      const pending = await database.db
        .selectFrom('sandbox_payments')
        .select('out_trade_no')
        .where('state', '=', 'pending')
        .execute();
      const unpaid = new Set(pending.map((row) => row.out_trade_no));
      await Promise.all(checkouts.filter((c) => unpaid.has(c.out_trade_no)).map((c) => press(c.pay_url)));

      const deadline = Date.now() + 60_000;
      for (;;) {
        const open = await database.db
          .selectFrom('checkouts')
          .select('out_trade_no')
          .where('state', '<>', 'fulfilled')
          .execute();
        if (open.length === 0) break;
        if (Date.now() > deadline) throw new Error(`not settled: ${open.map((row) => row.out_trade_no).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const numbers = checkouts.map((checkout) => checkout.out_trade_no);
      const orders = await database.db
        .selectFrom('orders')
        .select('order_no')
        .where('order_no', 'in', numbers)
        .execute();
      expect(orders.map((row) => row.order_no).sort()).toEqual([...numbers].sort());
      const grants = await database.db
        .selectFrom('grants')
        .select(['source_id', 'amount'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'ai_points')
        .execute();
      expect(grants.map((row) => row.source_id).sort()).toEqual([...numbers].sort());
      expect(grants.every((row) => row.amount === 1000)).toBe(true);
      const ledger = await database.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number>('delta').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(ledger.total)).toBe(CHECKOUTS * 1000);
      const fulfilled = await database.db
        .selectFrom('payment_notifications')
        .select('out_trade_no')
        .where('outcome', '=', 'fulfilled')
        .execute();
      expect(fulfilled.map((row) => row.out_trade_no).sort()).toEqual([...numbers].sort());
      // The kill came while notifications were on their way: the provider had to try again.
      const tries = await database.db.selectFrom('sandbox_notifications').select('attempts').execute();
      expect(tries.some((row) => row.attempts > 1)).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await database.close();
    }
  });
});
