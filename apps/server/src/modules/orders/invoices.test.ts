import { buildPath, getOrdersRoute, requestInvoiceRoute, type RouteBody } from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { countRows } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { recordPlanOrder } from '../../../test/helpers/orders.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { listForRecipient } from '../outbox/outbox.repository.js';
import { failInvoice, issueInvoice } from './invoices.service.js';
import type { RecordOrderInput } from './orders.service.js';

const DAY = 86_400;
const VALID_USCC = '91350100M000100Y43';

type InvoiceRequest = RouteBody<typeof requestInvoiceRoute>;

describeOnEachDialect('invoice requests on $name', (t) => {
  let dom: TestUser;
  let abroad: TestUser;

  beforeAll(async () => {
    dom = await testUser(t, { region: 'domestic' });
    abroad = await testUser(t, { region: 'overseas' });
  });

  const order = async (who: TestUser, values: Partial<RecordOrderInput> = {}) =>
    (await recordPlanOrder(t, who, values)).order_id;

  /** A personal invoice request of the order, to the person's own address unless the test says otherwise. */
  const invoiceOf = (who: TestUser, body: Partial<InvoiceRequest> & Pick<InvoiceRequest, 'order_id'>) => ({
    product: 'max' as const,
    title_type: 'personal' as const,
    title: 'Wang Fang',
    email: who.email,
    ...body,
  });
  const request = (
    who: TestUser,
    body: Partial<InvoiceRequest> & Pick<InvoiceRequest, 'order_id'>,
    userId = who.userId,
  ) => call(t, requestInvoiceRoute, { params: { userId }, as: who, body: invoiceOf(who, body) });

  const row = async (who: TestUser, orderNo: string) => {
    const res = await call(t, getOrdersRoute, { as: who, query: { count: 50 } });
    return res.ok().data.find((r) => r.order_id === orderNo);
  };

  it('sends a domestic request to billing_pending for an operator, and accepts it once', async () => {
    const orderNo = await order(dom);
    const res = await request(dom, {
      order_id: orderNo,
      title_type: 'company',
      title: '示例科技有限公司',
      tax_number: VALID_USCC,
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.ok().data).toEqual({
      order_id: orderNo,
      invoice: 'billing_pending',
      iv_type: 1,
      receipt: 'invoicing',
    });
    expect(await row(dom, orderNo)).toMatchObject({ invoice: 'billing_pending', iv_type: 1, receipt: 'invoicing' });

    const again = await request(dom, { order_id: orderNo });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'error', code: 0, msg: 'only once' });
  });

  it('lets the operator issue a pending invoice, telling the requester, and only once', async () => {
    const orderNo = await order(dom);
    const billing = `billing-${dom.userId}@example.cn`;
    await request(dom, { order_id: orderNo, email: billing });
    const issued = await issueInvoice(t.app.db, orderNo, '25442000000012345678', t.clock.now());
    expect(issued).toEqual({
      order_id: orderNo,
      invoice: 'billing_success',
      number: '25442000000012345678',
      iv_type: 1,
    });
    expect(await row(dom, orderNo)).toMatchObject({ invoice: 'billing_success', receipt: 'succeeded' });
    const [mail] = await listForRecipient(t.app.db, billing, 5);
    expect(mail?.body).toContain(orderNo);
    expect(mail?.body).toContain('¥280.00');

    await expect(issueInvoice(t.app.db, orderNo, undefined, t.clock.now())).rejects.toMatchObject({
      httpStatus: 409,
      msg: 'not pending',
    });
    await expect(failInvoice(t.app.db, orderNo, 'late', t.clock.now())).rejects.toMatchObject({ httpStatus: 409 });
    expect((await request(dom, { order_id: orderNo })).status).toBe(409);
  });

  it('refuses an invoice number that another invoice has', async () => {
    const first = await order(dom);
    const second = await order(dom);
    await request(dom, { order_id: first });
    await request(dom, { order_id: second });
    await issueInvoice(t.app.db, first, 'DUP-0001', t.clock.now());
    await expect(issueInvoice(t.app.db, second, 'DUP-0001', t.clock.now())).rejects.toMatchObject({ httpStatus: 409 });
    expect(await row(dom, second)).toMatchObject({ invoice: 'billing_pending' });
  });

  it('lets the operator fail a pending invoice, after which the user may request it again', async () => {
    const orderNo = await order(dom);
    await request(dom, { order_id: orderNo });
    expect(await failInvoice(t.app.db, orderNo, '抬头有误', t.clock.now())).toEqual({
      order_id: orderNo,
      invoice: 'billing_fail',
      reason: '抬头有误',
    });
    expect(await row(dom, orderNo)).toMatchObject({ invoice: 'billing_fail', receipt: 'can_invoice' });
    const retry = await request(dom, { order_id: orderNo, title: '王芳' });
    expect(retry.status).toBe(200);
    expect(retry.ok().data.invoice).toBe('billing_pending');
    const stored = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('title', '=', '王芳')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ requests: 2, failed_at: null, fail_reason: null });
  });

  it('issues an overseas receipt at once and mails it', async () => {
    const orderNo = await order(abroad, { amount: 4_999 });
    const res = await request(abroad, { order_id: orderNo, title: 'Jane Doe' });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.ok().data).toEqual({
      order_id: orderNo,
      invoice: 'billing_success',
      iv_type: 2,
      receipt: 'succeeded',
    });
    const [mail] = await listForRecipient(t.app.db, abroad.email, 5);
    expect(mail?.subject).toContain(orderNo);
    expect(mail?.body).toContain('$49.99');
  });

  it('accepts requests within 30 days of the order, to the second, and refuses them after', async () => {
    const start = t.clock.now();
    const edge = await order(dom, { orderedAt: start });
    const late = await order(dom, { orderedAt: start });
    try {
      t.clock.set(start + 30 * DAY);
      // A month later the old access token has long expired: sign in as the user would.
      await dom.signInAgain();
      expect((await request(dom, { order_id: edge })).status).toBe(200);
      t.clock.set(start + 30 * DAY + 1);
      const res = await request(dom, { order_id: late });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'only within 30 days' });
      expect(await row(dom, late)).toMatchObject({ invoice: 'billing_not', receipt: 'expired' });
    } finally {
      t.clock.set(start);
      await dom.signInAgain();
    }
  });

  it.each(['app_store', 'lenovo_store', 'bank_transfer'] as const)(
    'sends %s orders to the store or customer service',
    async (channel) => {
      const orderNo = await order(dom, { channel });
      const before = await countRows(t, 'invoices');
      const res = await request(dom, { order_id: orderNo });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'self-service unavailable' });
      expect(await countRows(t, 'invoices')).toBe(before);
      expect(await row(dom, orderNo)).toMatchObject({ from: channel, receipt: 'cannot_invoice' });
    },
  );

  it('has nothing to invoice on a free order', async () => {
    const orderNo = await order(dom, { amount: 0 });
    const res = await request(dom, { order_id: orderNo });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('nothing to invoice');
  });

  it('refuses a company invoice without a tax number that can be right', async () => {
    const orderNo = await order(dom);
    for (const tax of [undefined, '12345', '91350100M000100Y44']) {
      const res = await request(dom, {
        order_id: orderNo,
        title_type: 'company',
        title: '示例公司',
        ...(tax && { tax_number: tax }),
      });
      expect(res.status, String(tax)).toBe(400);
      expect(res.body.msg).toBe('wrong invoice information');
    }
    const blank = await request(dom, { order_id: orderNo, title: '   ' });
    expect(blank.body.msg).toBe('wrong invoice information');
    expect(await row(dom, orderNo)).toMatchObject({ invoice: 'billing_not' });
  });

  it('answers another user’s order exactly like a missing one, and writes nothing', async () => {
    const orderNo = await order(dom);
    const before = await countRows(t, 'invoices');
    for (const orderId of [orderNo, 'NO-SUCH-ORDER']) {
      const res = await request(abroad, { order_id: orderId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'not exists' });
    }
    const wrongProduct = await request(dom, { order_id: orderNo, product: 'mind' });
    expect(wrongProduct.status).toBe(404);
    const otherId = await request(abroad, { order_id: orderNo }, dom.userId);
    expect(otherId.status).toBe(403);
    expect(await countRows(t, 'invoices')).toBe(before);
  });

  it('refuses malformed requests', async () => {
    const orderNo = await order(dom);
    for (const body of [
      { order_id: orderNo, email: 'not-an-email' },
      { order_id: orderNo, title: 'x'.repeat(101) },
      { order_id: orderNo, product: 'nope' },
      { order_id: orderNo, title_type: 'state' },
      { order_id: orderNo, extra: 1 },
      { order_id: 'bad id!' },
    ]) {
      // Bodies outside the contract's types: sent by hand.
      const res = await t.app.inject({
        method: 'PUT',
        url: buildPath(requestInvoiceRoute.path, { userId: dom.userId }),
        headers: dom.headers(),
        payload: { ...invoiceOf(dom, { order_id: orderNo }), ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe('invalid request');
    }
  });

  it('takes exactly one of many concurrent requests for one order', async () => {
    for (const who of [dom, abroad]) {
      const orderNo = await order(who);
      const results = await Promise.all(Array.from({ length: 16 }, () => request(who, { order_id: orderNo })));
      const codes = results.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      const rows = await t.app.db
        .selectFrom('invoices')
        .innerJoin('orders', 'orders.id', 'invoices.order_id')
        .select(['invoices.requests'])
        .where('orders.order_no', '=', orderNo)
        .execute();
      expect(rows).toEqual([{ requests: 1 }]);
    }
  });

  it('takes exactly one of many concurrent re-requests after a failure', async () => {
    const orderNo = await order(dom);
    await request(dom, { order_id: orderNo });
    await failInvoice(t.app.db, orderNo, 'wrong title', t.clock.now());
    const results = await Promise.all(Array.from({ length: 12 }, () => request(dom, { order_id: orderNo })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await row(dom, orderNo)).toMatchObject({ invoice: 'billing_pending' });
  });
});
