import {
  getReceiptLinkRoute,
  RECEIPT_LINK_TTL_SECONDS,
  type ReceiptProduct,
  requestInvoiceRoute,
  type RouteBody,
} from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { recordPlanOrder } from '../../../test/helpers/orders.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { pdfText } from '../../../test/helpers/pdf-text.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { issueInvoice } from '../orders/invoices.service.js';
import { listForRecipient } from '../outbox/outbox.repository.js';
import type { RecordOrderInput } from '../orders/orders.service.js';

describeOnEachDialect('receipts on $name', (t) => {
  let dom: TestUser;
  let abroad: TestUser;

  beforeAll(async () => {
    dom = await testUser(t, { region: 'domestic' });
    abroad = await testUser(t, { region: 'overseas' });
  });

  const order = async (who: TestUser, values: Partial<RecordOrderInput> = {}) =>
    (await recordPlanOrder(t, who, values)).order_id;

  const requestInvoice = async (
    who: TestUser,
    orderNo: string,
    extra: Partial<RouteBody<typeof requestInvoiceRoute>> = {},
  ) => {
    const res = await call(t, requestInvoiceRoute, {
      as: who,
      body: { order_id: orderNo, product: 'max', title_type: 'personal', title: 'Buyer', email: who.email, ...extra },
    });
    expect(res.status, res.raw.body).toBe(200);
  };

  const link = (who: TestUser, orderNo: string, product: ReceiptProduct = 'max', userId = who.userId) =>
    call(t, getReceiptLinkRoute, { params: { userId }, as: who, query: { order_id: orderNo, product } });

  /**
   * Follows a link as the desktop host would: no credentials, only the link. By hand: the link
   * is followed as the server wrote it, not rebuilt from the contract.
   */
  const download = (url: string) => {
    const { pathname, search } = new URL(url);
    return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  };

  it('downloads an overseas receipt whose PDF text holds the order number and the amount', async () => {
    const orderNo = await order(abroad, { amount: 4_999, productName: 'Diagram annual plan', more: 'All platforms' });
    await requestInvoice(abroad, orderNo, { title: 'Jane Doe' });
    const res = await link(abroad, orderNo);
    expect(res.status, res.raw.body).toBe(200);
    const { url, expires_at } = res.ok().data;
    expect(expires_at).toBe(t.clock.now() + RECEIPT_LINK_TTL_SECONDS);
    expect(url).toMatch(
      new RegExp(`^http://account\\.example\\.com/api/files/receipt/${orderNo}\\?expires=\\d+&signature=[\\w-]{43}$`),
    );

    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="receipt-${orderNo}.pdf"`);
    // A receipt carries personal data: no cache may keep it.
    expect(file.headers['cache-control']).toBe('no-store');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain(orderNo);
    expect(text).toContain('$49.99');
    expect(text).toContain('Jane Doe');
    expect(text).toContain('Diagram annual plan');
  });

  it('has no link for a domestic invoice until the operator issues it, then shows its number', async () => {
    const orderNo = await order(dom, { productName: '图示 1 年版' });
    await requestInvoice(dom, orderNo, {
      title_type: 'company',
      title: '示例科技有限公司',
      tax_number: '91350100M000100Y43',
    });
    const pending = await link(dom, orderNo);
    expect(pending.status).toBe(409);
    expect(pending.body).toEqual({ status: 'error', code: 0, msg: 'receipt not issued' });

    await issueInvoice(t.app.db, orderNo, '25442000000099887766', t.clock.now());
    const res = await link(dom, orderNo);
    expect(res.status).toBe(200);
    const text = await pdfText((await download(res.ok().data.url)).rawPayload);
    expect(text).toContain(orderNo);
    expect(text).toContain('¥280.00');
    expect(text).toContain('25442000000099887766');
    expect(text).toContain('示例科技有限公司');
    expect(text).toContain('图示 1 年版');
  });

  it('names an order bought at the checkout in the receipt’s language, and in the account’s in its e-mail', async () => {
    const bought = { productName: '1-year plan (Diagram)', item: { key: 'personal.oneYear', target: null } };
    const german = await testUser(t, { region: 'overseas' });
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', german.userId).execute();
    const overseas = await order(german, bought);
    await requestInvoice(german, overseas);
    const [ready] = await listForRecipient(t.app.db, german.email, 1);
    expect(ready?.body).toContain('1-Jahres-Tarif (Diagramm)');
    const english = await pdfText((await download((await link(german, overseas)).ok().data.url)).rawPayload);
    expect(english).toContain('1-year plan (Diagram)');

    const home = await order(dom, bought);
    await requestInvoice(dom, home);
    await issueInvoice(t.app.db, home, undefined, t.clock.now());
    const [issued] = await listForRecipient(t.app.db, dom.email, 1);
    expect(issued?.body).toContain('1 年版（图示）');
    const chinese = await pdfText((await download((await link(dom, home)).ok().data.url)).rawPayload);
    expect(chinese).toContain('1 年版（图示）');
  });

  it('answers ER101 for a link past its expiry', async () => {
    const orderNo = await order(abroad);
    await requestInvoice(abroad, orderNo);
    const { url } = (await link(abroad, orderNo)).ok().data;
    const start = t.clock.now();
    try {
      t.clock.set(start + RECEIPT_LINK_TTL_SECONDS - 1);
      expect((await download(url)).statusCode).toBe(200);
      t.clock.set(start + RECEIPT_LINK_TTL_SECONDS);
      const res = await download(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'ER101' });
    } finally {
      t.clock.set(start);
    }
  });

  it('refuses a changed link the same way, whatever was changed', async () => {
    const mine = await order(abroad);
    const other = await order(abroad);
    await requestInvoice(abroad, mine);
    await requestInvoice(abroad, other);
    const { url } = (await link(abroad, mine)).ok().data;
    const parsed = new URL(url);
    const signature = parsed.searchParams.get('signature') as string;
    const expires = Number(parsed.searchParams.get('expires'));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    // Changed links, written by hand as a tampering client would.
    for (const path of [
      `/api/files/receipt/${mine}?expires=${expires}&signature=${flipped}`,
      `/api/files/receipt/${mine}?expires=${expires + 3600}&signature=${signature}`,
      `/api/files/receipt/${other}?expires=${expires}&signature=${signature}`,
      `/api/files/receipt/NO-SUCH-ORDER?expires=${expires}&signature=${signature}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'invalid link' });
    }
    for (const path of [
      `/api/files/receipt/${mine}`,
      `/api/files/receipt/${mine}?expires=${expires}&signature=short`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(400);
    }
  });

  it('never gives a user a link to another user’s receipt', async () => {
    const orderNo = await order(abroad);
    await requestInvoice(abroad, orderNo);
    // Through the user's own id: the order is not theirs, so it does not exist for them.
    const own = await link(dom, orderNo);
    expect(own.status).toBe(404);
    expect(own.body).toEqual({ status: 'error', code: 0, msg: 'not exists' });
    // Through the owner's id: refused by the guard.
    const borrowed = await link(dom, orderNo, 'max', abroad.userId);
    expect(borrowed.status).toBe(403);
    // A wrong product is no way around it either.
    expect((await link(abroad, orderNo, 'mind')).status).toBe(404);
  });

  it('needs a signed-in user to make a link', async () => {
    const res = await call(t, getReceiptLinkRoute, {
      params: { userId: dom.userId },
      query: { order_id: 'X1', product: 'max' },
      host: null,
    });
    expect(res.status).toBe(401);
  });
});
