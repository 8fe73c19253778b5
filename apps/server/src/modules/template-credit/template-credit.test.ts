import {
  createCheckoutRoute,
  getTemplateCreditRoute,
  listTemplateCreditAdditionsRoute,
  listTemplateCreditRecordsRoute,
  redeemGiftCodeRoute,
  spendTemplateCreditRoute,
} from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { expectLedgerAgrees } from '../../../test/helpers/ledger.js';
import { payOnSandboxPage } from '../../../test/helpers/sandbox.js';
import { dialects, suiteTestApp, TEST_SERVICE_KEYS } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

let keys = 0;

describe.each(dialects)('template credit on $name', (dialect) => {
  const t = suiteTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    // The sandbox provider notifies this server over HTTP when a top-up is paid.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function give(user: TestUser, fen: number, ...flags: string[]): Promise<void> {
    const made = await cli(
      'points:grant',
      '--kind',
      'template_credit',
      '--user',
      String(user.userId),
      '--amount',
      String(fen),
      '--reason',
      'top-up',
      ...flags,
    );
    expect(made.code, JSON.stringify(made.error)).toBe(0);
  }

  const buy = (user: TestUser, price: number, title = 'Flowchart pack', serviceKey = TEST_SERVICE_KEYS.templates) =>
    call(t, spendTemplateCreditRoute, {
      body: { user_id: user.userId, template_id: `tpl-${keys}`, title, price },
      headers: { 'x-service-key': serviceKey, 'idempotency-key': `template-${++keys}` },
    });
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;

  it('spends credit on templates, lists them newest first by offset and count, and never goes below zero', async () => {
    const ann = await testUser(t);
    await give(ann, 5000);
    expect((await call(t, getTemplateCreditRoute, { as: ann })).ok().data).toEqual({ surplus: 5000 });
    for (let i = 1; i <= 12; i++) expect((await buy(ann, 300, `Template ${i}`)).status).toBe(200);
    const short = await buy(ann, 1500);
    expect([short.status, msgOf(short)]).toEqual([409, 'Exceeded usage limit.']);
    expect((await call(t, getTemplateCreditRoute, { as: ann })).ok().data).toEqual({ surplus: 1400 });

    const first = (await call(t, listTemplateCreditRecordsRoute, { as: ann })).ok().data;
    expect(first.count).toBe(12);
    expect(first.list.map((row) => row.work_title)).toEqual(Array.from({ length: 10 }, (_, i) => `Template ${12 - i}`));
    expect(first.list[0]).toMatchObject({ price: 300, created_at: t.clock.now() });
    const second = (await call(t, listTemplateCreditRecordsRoute, { as: ann, query: { offset: 10, count: 10 } })).ok()
      .data;
    expect(second.list.map((row) => row.work_title)).toEqual(['Template 2', 'Template 1']);
    expect(await expectLedgerAgrees(t.app.db, ann.userId, 'template_credit', t.clock.now())).toBe(1400);
  });

  it('lists what was added, newest first — a top-up, a plan’s credit, a gift code, a grant — in fen, with what is left', async () => {
    const eve = await testUser(t);
    const topUp = (
      await call(t, createCheckoutRoute, { as: eve, body: { item: 'template.credit30', method: 'wxpay' } })
    ).ok().data;
    await payOnSandboxPage(t, topUp.pay_url);
    t.clock.advance(60);
    const plan = await cli(
      ...['order:record', '--user', String(eve.userId), '--product', 'max', '--type', '209'],
      ...[
        '--name',
        'Diagram 1-year plan',
        '--amount',
        '28000',
        '--channel',
        'online',
        '--order-no',
        `PLAN-${eve.userId}`,
      ],
    );
    expect(plan.code, JSON.stringify(plan.error)).toBe(0);
    t.clock.advance(60);
    const batch = await cli('code:batch', '--label', 'credit gift', '--kind', 'gift', '--template-credit', '500');
    expect(batch.code, JSON.stringify(batch.error)).toBe(0);
    const redeemed = await call(t, redeemGiftCodeRoute, { as: eve, body: { code: batch.json.codes[0] } });
    expect(redeemed.status).toBe(200);
    t.clock.advance(60);
    await give(eve, 700);
    expect((await buy(eve, 1000)).status).toBe(200);

    const added = (await call(t, listTemplateCreditAdditionsRoute, { as: eve })).ok().data;
    expect(added.count).toBe(4);
    expect(added.list.map((row) => [row.source, row.amount, row.order_id])).toEqual([
      ['operator', 700, null],
      ['gift_code', 500, null],
      ['plan', 2000, `PLAN-${eve.userId}`],
      ['top_up', 3000, topUp.out_trade_no],
    ]);
    // The spend drew on the soonest-expiring credit first: the plan's, which lasts its year.
    expect(added.list[2]).toMatchObject({ remaining: 1000, expires_at: expect.any(Number) });
    const total = added.list.reduce((sum, row) => sum + row.remaining, 0);
    expect((await call(t, getTemplateCreditRoute, { as: eve })).ok().data.surplus).toBe(total);
    const page = (await call(t, listTemplateCreditAdditionsRoute, { as: eve, query: { offset: 3, count: 10 } })).ok()
      .data;
    expect([page.count, page.list.map((row) => row.source)]).toEqual([4, ['top_up']]);
  });

  it('takes only the template community’s key, and refuses other users’ records', async () => {
    const ben = await testUser(t);
    const cat = await testUser(t);
    await give(ben, 1000);
    expect((await buy(ben, 100, 'x', TEST_SERVICE_KEYS.products)).status).toBe(403);
    expect((await buy(ben, 100, 'x', 'nope')).status).toBe(401);
    for (const route of [getTemplateCreditRoute, listTemplateCreditRecordsRoute, listTemplateCreditAdditionsRoute]) {
      expect((await call(t, route, { as: ben, params: { userId: cat.userId } })).status).toBe(403);
    }
    expect((await call(t, getTemplateCreditRoute, { as: ben })).ok().data.surplus).toBe(1000);
  });

  it('30 purchases at once against credit for 10: exactly 10, and nothing below zero', async () => {
    const dan = await testUser(t);
    await give(dan, 600, '--expires', String(t.clock.now() + 86_400));
    await give(dan, 400);
    const answers = await Promise.all(Array.from({ length: 30 }, () => buy(dan, 100)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(10);
    expect(answers.filter((res) => msgOf(res) === 'Exceeded usage limit.')).toHaveLength(20);
    expect(await expectLedgerAgrees(t.app.db, dan.userId, 'template_credit', t.clock.now())).toBe(0);
    const records = (await call(t, listTemplateCreditRecordsRoute, { as: dan })).ok().data;
    expect(records.count).toBe(10);
  });
});
