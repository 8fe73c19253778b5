import { FOREVER_EXPIRY, getOrdersRoute, LicenceLengthMs, requestInvoiceRoute } from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';

describe.each(dialects)('operator commands for orders on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  let buyer: TestUser;

  beforeAll(async () => {
    buyer = await testUser(t, { region: 'domestic' });
  });

  const admin = cliRunner(() => t);

  const history = async () => (await call(t, getOrdersRoute, { as: buyer, query: { count: 50 } })).ok();

  it('records a store order of any product, type, channel, date and price', async () => {
    const res = await admin(
      'order:record',
      ...flags({
        user: buyer.userId,
        product: 'mindmaster',
        type: '14',
        name: '思维导图 终身版',
        amount: '78000',
        channel: 'app_store',
        date: '2026-09-01',
        'order-no': 'APPLE-1000042',
        more: 'iOS',
      }),
    );
    expect(res.code, JSON.stringify(res.error)).toBe(0);
    expect(res.json).toMatchObject({
      order_id: 'APPLE-1000042',
      product: 'mindmaster',
      list: 'mindorders',
      date: Date.UTC(2026, 8, 1) / 1000,
      amount: 78_000,
      currency: 'CNY',
      from: 'app_store',
      endDate: 'using',
      receipt: 'cannot_invoice',
    });
    const listed = await history();
    expect(listed.data.map((r: { order_id: string }) => r.order_id)).toContain('APPLE-1000042');

    const again = await admin(
      'order:record',
      ...flags({
        user: buyer.userId,
        product: 'max',
        type: '1',
        name: 'x',
        amount: '1',
        channel: 'online',
        'order-no': 'APPLE-1000042',
      }),
    );
    expect(again).toMatchObject({ code: 1, error: { error: 'order number exists' } });
  });

  it('refuses a price that is not whole minor units, and unknown choices', async () => {
    const base = [
      'order:record',
      '--user',
      String(buyer.userId),
      '--product',
      'max',
      '--type',
      '1',
      '--name',
      'x',
      '--channel',
      'online',
    ];
    expect((await admin(...base, '--amount', '280.00')).code).toBe(1);
    expect((await admin(...base, '--amount', '-5')).code).toBe(1);
    const badChannel = await admin(
      'order:record',
      ...flags({ user: '1', product: 'max', type: '1', name: 'x', amount: '1', channel: 'cash' }),
    );
    expect(badChannel.code).toBe(1);
    expect(badChannel.error.error).toContain('--channel must be one of');
  });

  it('grants and extends a subscription', async () => {
    // An account of its own: the orders the other tests record give licences too.
    const subscriber = await testUser(t, { region: 'domestic' });
    const granted = await admin(
      'subscription:grant',
      ...flags({
        user: subscriber.userId,
        product: 'max',
        platforms: 'win,mac',
        until: 'forever',
        type: 'version',
        version: '13',
      }),
    );
    expect(granted.code, JSON.stringify(granted.error)).toBe(0);
    expect(granted.json).toMatchObject({
      product: 'max',
      type: 'version',
      version: '13',
      win_exp: FOREVER_EXPIRY,
      mac_exp: FOREVER_EXPIRY,
    });

    const now = t.clock.now();
    const extended = await admin(
      'subscription:grant',
      ...flags({ user: subscriber.userId, product: 'max', platforms: 'mobile', extend: 'halfYear' }),
    );
    expect(extended.json).toMatchObject({ mobile_exp: now + LicenceLengthMs.halfYear / 1000, win_exp: FOREVER_EXPIRY });

    const team = await admin(
      'subscription:grant',
      ...flags({
        user: subscriber.userId,
        product: 'max',
        scope: 'team',
        platforms: 'desktop',
        until: '2030-01-01',
        group: 'Ops',
      }),
    );
    expect(team.json).toMatchObject({ group: 'Ops', group_exp: Date.UTC(2030, 0, 1) / 1000, win_exp: FOREVER_EXPIRY });

    const both = await admin(
      'subscription:grant',
      ...flags({ user: subscriber.userId, product: 'max', platforms: 'win', until: '1', extend: 'oneYear' }),
    );
    expect(both).toMatchObject({ code: 1, error: { error: 'give exactly one of --until and --extend' } });
  });

  it('lists, issues and fails invoices', async () => {
    const record = async () =>
      (
        await admin(
          'order:record',
          ...flags({
            user: buyer.userId,
            product: 'max',
            type: '209',
            name: 'Plan',
            amount: '28000',
            channel: 'online',
          }),
        )
      ).json.order_id as string;
    const request = (orderNo: string) =>
      call(t, requestInvoiceRoute, {
        as: buyer,
        body: { order_id: orderNo, product: 'max', title_type: 'personal', title: '王芳', email: buyer.email },
      });
    const toIssue = await record();
    const toFail = await record();
    await request(toIssue);
    await request(toFail);

    // The list is the whole app's (the demo orders of another test may wait there too).
    const ours = (list: { order_no: string }[]) =>
      list.map((i) => i.order_no).filter((orderNo) => orderNo === toIssue || orderNo === toFail);
    const pending = await admin('invoice:list');
    expect(ours(pending.json)).toEqual([toIssue, toFail]);

    expect((await admin('invoice:issue', '--order', toIssue, '--number', 'INV-2026-0001')).json).toEqual({
      order_id: toIssue,
      invoice: 'billing_success',
      number: 'INV-2026-0001',
      iv_type: 1,
    });
    expect((await admin('invoice:fail', '--order', toFail, '--reason', '抬头与税号不符')).json).toMatchObject({
      invoice: 'billing_fail',
    });
    expect((await admin('invoice:issue', '--order', toFail)).error).toMatchObject({ error: 'not pending' });
    expect((await admin('invoice:fail', '--order', 'NOPE', '--reason', 'x')).error).toMatchObject({
      error: 'not exists',
    });
    const failed = (await admin('invoice:list', '--state', 'billing_fail')).json;
    expect(ours(failed)).toEqual([toFail]);
    expect(failed).toContainEqual(expect.objectContaining({ order_no: toFail, fail_reason: '抬头与税号不符' }));

    const rows = (await history()).data;
    expect(rows.find((r: { order_id: string }) => r.order_id === toIssue)).toMatchObject({
      invoice: 'billing_success',
    });
    expect(rows.find((r: { order_id: string }) => r.order_id === toFail)).toMatchObject({
      invoice: 'billing_fail',
      receipt: 'can_invoice',
    });
  });

  it('seeds the demo orders for a user', async () => {
    const fresh = await testUser(t, { region: 'overseas' });
    const res = await admin('orders:demo', '--user', String(fresh.userId));
    expect(res.json).toMatchObject({ created: true });
    expect((await admin('orders:demo', '--user', String(fresh.userId))).json).toMatchObject({ created: false });
  });
});
