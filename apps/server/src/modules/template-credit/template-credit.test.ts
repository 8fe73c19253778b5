import {
  getTemplateCreditRoute,
  listTemplateCreditRecordsRoute,
  spendTemplateCreditRoute,
} from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { expectLedgerAgrees } from '../../../test/helpers/ledger.js';
import { createTestApp, dialects, TEST_SERVICE_KEYS, type TestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

let keys = 0;

describe.each(dialects)('template credit on $name', (dialect) => {
  let t: TestApp;
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

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

  it('takes only the template community’s key, and refuses other users’ records', async () => {
    const ben = await testUser(t);
    const cat = await testUser(t);
    await give(ben, 1000);
    expect((await buy(ben, 100, 'x', TEST_SERVICE_KEYS.products)).status).toBe(403);
    expect((await buy(ben, 100, 'x', 'nope')).status).toBe(401);
    for (const route of [getTemplateCreditRoute, listTemplateCreditRecordsRoute]) {
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
