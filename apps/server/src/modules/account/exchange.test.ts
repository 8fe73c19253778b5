import { getExchangeCodeRoute } from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { exchangeAddCommand } from './exchange.commands.js';
import { DOMESTIC_HOST, type Person } from './test-support.js';

describeOnEachDialect('exchange codes on $name', (t) => {
  const admin = cliRunner(() => t, [exchangeAddCommand]);
  const claim = (who: Person, form: string) =>
    call(t, getExchangeCodeRoute, { as: who, query: { form_name: form }, host: DOMESTIC_HOST });

  it('adds codes from the operator command, skipping ones already there', async () => {
    const res = await admin('exchange:add', '--form', 'spring-fair', '--codes', 'AAA-1,BBB-2,AAA-1');
    expect(res.code).toBe(0);
    expect(res.json).toEqual({ form_name: 'spring-fair', added: 2, skipped: 0, total: 2, unused: 2 });
    expect((await admin('exchange:add', '--form', 'spring-fair', '--codes', 'BBB-2,CCC-3')).json).toEqual({
      form_name: 'spring-fair',
      added: 1,
      skipped: 1,
      total: 3,
      unused: 3,
    });
    expect((await admin('exchange:add', '--form', 'bad form', '--codes', 'x')).code).toBe(1);
    expect((await admin('exchange:add', '--form', 'ok', '--codes', 'has space')).code).toBe(1);
  });

  it('hands one code per user and form, the same one on every call, until none is left', async () => {
    await admin('exchange:add', '--form', 'summer', '--codes', 'S1,S2');
    const [a, b, c] = [
      await testUser(t, { region: 'overseas' }),
      await testUser(t, { region: 'overseas' }),
      await testUser(t, { region: 'overseas' }),
    ];
    const first = await claim(a, 'summer');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: { form_name: 'summer', code: 'S1' } });
    expect((await claim(a, 'summer')).ok().data.code).toBe('S1');
    expect((await claim(b, 'summer')).ok().data.code).toBe('S2');
    const none = await claim(c, 'summer');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ status: 'error', code: 0, msg: 'no exchange code' });
    expect((await claim(a, 'other-form')).body.msg).toBe('no exchange code');
    expect((await claim(a, 'bad form!')).status).toBe(400);
  });

  it('gives each of many racing users at most one code and never one code twice', async () => {
    await admin('exchange:add', '--form', 'race', '--codes', 'R1,R2,R3');
    const people = await Promise.all(Array.from({ length: 8 }, () => testUser(t, { region: 'overseas' })));
    const results = await Promise.all(people.map((p) => claim(p, 'race')));
    const won = results.filter((r) => r.status === 200).map((r) => r.ok().data.code);
    expect(won.sort()).toEqual(['R1', 'R2', 'R3']);
    expect(results.filter((r) => r.status === 404)).toHaveLength(5);
  });

  it('gives one user racing with itself one code, answered to every call', async () => {
    await admin('exchange:add', '--form', 'self-race', '--codes', 'X1,X2,X3,X4');
    const me = await testUser(t, { region: 'overseas' });
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(me, 'self-race')));
    const codes = new Set(results.map((r) => (r.body.data as { code?: string } | undefined)?.code));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(codes.size).toBe(1);
    const claimed = await t.app.db
      .selectFrom('exchange_codes')
      .select('code')
      .where('form_name', '=', 'self-race')
      .where('user_id', 'is not', null)
      .execute();
    expect(claimed).toHaveLength(1);
  });
});
