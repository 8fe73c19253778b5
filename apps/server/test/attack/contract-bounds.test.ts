import { beforeAll, describe, expect, it } from 'vitest';
import { recordPlanOrder } from '../helpers/orders.js';
import { bearer, uniqueIp } from '../helpers/auth.js';
import { type TestUser, testUser } from '../helpers/users.js';
import { dialects, errorLog, suiteTestApp } from '../helpers/test-app.js';

/**
 * docs/architecture.md#input: input is refused at the contract, the same on both databases. Text with a
 * control character and integers past their column reached PostgreSQL (which refuses NUL in
 * text and numbers past int4) and came back as 500s with a stack trace in the error log,
 * while SQLite stored or compared them. Each request below is the one that did.
 */
describe.each(dialects)('text and numbers refused at the contract on $name', (dialect) => {
  const log = errorLog();
  const t = suiteTestApp(dialect, {}, { logger: log.logger });
  let me: TestUser;

  beforeAll(async () => {
    me = await testUser(t, { region: 'domestic' });
  });

  const expectRefused = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json() as { status: string; msg: string; data: { fields: Array<{ field: string }> } };
    expect(answer).toMatchObject({ status: 'error', code: 0, msg: 'invalid request' });
    expect(answer.data.fields.map((f) => f.field)).toContain(field);
  };

  it('refuses a NUL in a sign-in account with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: uniqueIp(),
      payload: { account: 'nul\u0000byte', password: 'whatever' },
    });
    expectRefused(res, 'body/account');
  });

  it('refuses a NUL in an invoice title with 400, and claims no invoice', async () => {
    const order = await recordPlanOrder(t, me);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.userId}/invoice`,
      headers: me.headers(),
      payload: {
        order_id: order.order_id,
        product: 'max',
        title_type: 'personal',
        title: 'Wang\u0000Fang',
        email: me.email,
      },
    });
    expectRefused(res, 'body/title');
    expect(await t.app.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
  });

  it('refuses a NUL in a query string with 400 (the dev outbox reader)', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b' }), 'querystring/to');
  });

  it.each([
    ['2^31', '2147483648'],
    ['1e308', '1e308'],
    ['2^53 + 1', '9007199254740993'],
  ])('refuses an event id of %s with 400, and secures nothing', async (_, number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/${me.userId}/not-me`,
      headers: { ...bearer(me.token), 'content-type': 'application/json' },
      payload: `{"event_id":${number}}`,
    });
    expectRefused(res, 'body/event_id');
    // "This wasn't me" did not run: the caller is still signed in.
    const still = await t.app.inject({ method: 'GET', url: `/api/user/${me.userId}`, headers: bearer(me.token) });
    expect(still.statusCode).toBe(200);
  });

  it('refuses a query number past its bound with 400 (a product id of 1e308)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/${me.userId}/recommendation?pid=1e308`,
      headers: me.headers(),
    });
    expectRefused(res, 'querystring/pid');
  });

  it('wrote nothing to the error log', () => {
    expect(log.lines).toEqual([]);
  });
});
