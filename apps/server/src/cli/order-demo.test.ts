import { getLicencesRoute, getOrdersRoute, getReceiptLinkRoute, getStorageRoute } from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../test/helpers/call.js';
import { hostOf, type TestUser, testUser } from '../../test/helpers/users.js';
import { pdfText } from '../../test/helpers/pdf-text.js';
import { describeOnEachDialect } from '../../test/helpers/test-app.js';
import { seedOrderDemo } from './order-demo.js';

describeOnEachDialect('order demo data on $name', (t) => {
  let demo: TestUser;

  beforeAll(async () => {
    demo = await testUser(t, { region: 'domestic' });
  });

  it('gives orders in every state, and is never added twice', async () => {
    const first = await seedOrderDemo(t.app.db, demo.userId, t.clock.now());
    expect(first).toMatchObject({ created: true });
    expect(await seedOrderDemo(t.app.db, demo.userId, t.clock.now())).toMatchObject({
      created: false,
      orders: first.orders,
    });

    const res = await call(t, getOrdersRoute, { as: demo, query: { count: 50 } });
    const { data: rows, count } = res.ok();
    expect(count).toBe(first.orders);
    const seen = (pick: (row: (typeof rows)[number]) => unknown) => new Set(rows.map(pick));
    expect(seen((r) => r.invoice)).toEqual(
      new Set(['billing_not', 'billing_pending', 'billing_success', 'billing_fail']),
    );
    expect(seen((r) => r.receipt)).toEqual(
      new Set(['can_invoice', 'invoicing', 'succeeded', 'cannot_invoice', 'expired']),
    );
    expect(seen((r) => r.status)).toEqual(new Set(['active', 'expired', 'unknown']));
    expect(seen((r) => r.from)).toEqual(new Set(['online', 'app_store', 'lenovo_store', 'bank_transfer']));
    expect(seen((r) => r.currency)).toEqual(new Set(['CNY', 'USD']));
    expect(rows.some((r) => r.endDate === 'using')).toBe(true);
    expect(rows.some((r) => r.endDate === 'unknown')).toBe(true);
    expect(rows.some((r) => typeof r.endDate === 'number')).toBe(true);

    // Every issued receipt of the demo downloads as a real PDF.
    for (const row of rows.filter((r) => r.invoice === 'billing_success')) {
      const link = await call(t, getReceiptLinkRoute, {
        as: demo,
        query: { order_id: row.order_id, product: row.receipt_product },
      });
      const { url } = link.ok().data;
      // The link is followed as the server wrote it.
      const file = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
      expect(await pdfText(file.rawPayload)).toContain(row.order_id);
    }
  });

  it('names the orders bought as catalogue items in the reader’s language, the others as recorded', async () => {
    const names = async (tag: string) =>
      (await call(t, getOrdersRoute, { as: demo, query: { count: 50 }, headers: { 'accept-language': tag } }))
        .ok()
        .data.map((row) => row.product_name);
    const english = await names('en');
    for (const chinese of ['思维导图 连续包年', '思维导图 2 年版', 'AI 点数 1000', '模板券充值'])
      expect(english).not.toContain(chinese);
    expect(english).toContain('项目管理 永久版');
    const chinese = await names('zh-CN');
    expect(chinese).not.toContain('Diagram annual plan');
    expect(chinese).toContain('Formula plan');
  });

  it('gives licences forever, active and expired, on several platforms, with a team plan apart', async () => {
    const res = await call(t, getLicencesRoute, { as: demo, host: hostOf('overseas') });
    const rows = res.ok().data;
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['forever', 'active', 'expired']));
    expect(new Set(rows.map((r) => r.scope))).toEqual(new Set(['personal', 'team']));
    expect(rows.some((r) => r.platforms.length > 1)).toBe(true);
    expect(new Set(rows.map((r) => r.product))).toEqual(new Set(['max', 'mind', 'proj', 'math', 'hb', 'ppt']));
    expect(rows.some((r) => r.showCancel)).toBe(true);
    expect(rows.some((r) => r.showManage)).toBe(true);
    expect(rows.some((r) => r.upgrade_service_years === 5)).toBe(true);

    const storage = (await call(t, getStorageRoute, { as: demo })).ok().data;
    for (const area of ['project', 'whiteboard', 'mindmap'] as const) expect(storage[area].used).toBeGreaterThan(0);
  });
});
