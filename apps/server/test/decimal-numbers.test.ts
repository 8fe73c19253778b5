import {
  addCompanySeatsRoute,
  getIncomeRoute,
  recordTemplateSaleRoute,
  requestWithdrawalRoute,
  type WithdrawalForm,
} from '@account-centre/contract';
import { expect, it } from 'vitest';
import { createCompany } from '../src/modules/companies/companies.service.js';
import { call } from './helpers/call.js';
import { countRows } from './helpers/auth.js';
import { describeOnEachDialect, TEST_SERVICE_KEYS } from './helpers/test-app.js';
import { type TestUser, testUser } from './helpers/users.js';

/**
 * Numbers written as text in requests are plain decimal digits (docs/decisions/051): what
 * `Number()` or the query string's coercion would also read — hex, exponents, binary, octal,
 * padding, `Infinity` — is a 400 that changes nothing, not a number the sender never wrote.
 */
const notDecimal = [
  '0x32',
  '5e1',
  '0b110010',
  '0o62',
  ' 50',
  '50 ',
  '\t50',
  '+50',
  'Infinity',
  '-Infinity',
  'NaN',
  '50.',
  '.5',
  '1_000',
  '５０',
  '٥٠',
  '',
];

const FORM: WithdrawalForm = {
  zfb: '13800138000',
  identity_card: '11010519491231002X',
  name: '张三',
  mobile: '13912345678',
  amount: '100',
};
const DAY = 86_400;
let keys = 0;
const key = () => ({ 'idempotency-key': `decimal-${++keys}` });
const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;

describeOnEachDialect('numbers written as text, on $name', (t) => {
  /** An author with ¥700.00 to withdraw (a ¥1,000 sale, 70% theirs). */
  async function author(): Promise<TestUser> {
    const user = await testUser(t);
    const sale = await call(t, recordTemplateSaleRoute, {
      body: {
        user_id: user.userId,
        product: 'mm',
        sale_id: `decimal-sale-${++keys}`,
        title: 'Flow kit',
        gross: 100_000,
      },
      headers: { 'x-service-key': TEST_SERVICE_KEYS.templates, ...key() },
    });
    expect(sale.status).toBe(200);
    return user;
  }

  it('counts a withdrawal amount that is not plain decimal digits as 0 ("0x32" is not 50), and takes 50 and 50.00', async () => {
    const user = await author();
    const available = async () => (await call(t, getIncomeRoute, { as: user })).ok().data.avaliable;
    expect(await available()).toBe(70_000);
    // The amount is read as the form reads it, spaces around it trimmed (a tab is a control
    // character, which no text field takes); anything else that is not decimal digits counts as 0
    // (spec 01 §5), which is below the minimum.
    for (const amount of notDecimal.filter((text) => !/^ +[0-9]+ *$|^[0-9]+ +$/.test(text))) {
      const res = await call(t, requestWithdrawalRoute, { as: user, body: { ...FORM, amount }, headers: key() });
      const expected = amount.includes('\t') ? 'invalid request' : 'amount below minimum';
      expect([res.status, msgOf(res)], JSON.stringify(amount)).toEqual([400, expected]);
    }
    // Three decimals are more than fen.
    const fine = await call(t, requestWithdrawalRoute, {
      as: user,
      body: { ...FORM, amount: '50.001' },
      headers: key(),
    });
    expect(fine.status).toBe(400);
    expect(await countRows(t, 'withdrawals')).toBe(0);
    expect(await available()).toBe(70_000);

    const plain = await call(t, requestWithdrawalRoute, {
      as: user,
      body: { ...FORM, amount: '50.00' },
      headers: key(),
    });
    expect(plain.ok().data.withdrawal.amount).toBe(5_000);
    expect(await available()).toBe(65_000);
  });

  it('refuses seats=1e2 and other numbers of the query string that are not plain digits, and opens nothing', async () => {
    const creator = await testUser(t);
    const now = t.clock.now();
    const company = await createCompany(
      t.app.db,
      { name: 'Decimal Works', owner: { id: creator.userId }, seats: 1, term: { expires: now + 90 * DAY } },
      now,
    );
    const addSeats = (seats: string, cid: string = String(company.id)) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${creator.userId}/coop/subscription?${new URLSearchParams({ cid, seats, method: 'bank' })}`,
        headers: { authorization: `Bearer ${creator.token}`, ...key() },
      });
    const checkouts = await countRows(t, 'checkouts');
    for (const seats of [...notDecimal.filter((text) => text !== ''), '100.0', '1e2']) {
      const res = await addSeats(seats);
      expect([res.statusCode, res.json().msg], JSON.stringify(seats)).toEqual([400, 'invalid request']);
      expect(res.json().data.fields, JSON.stringify(seats)).toEqual([{ field: 'querystring/seats', rule: 'decimal' }]);
    }
    // An id is held to the same notation.
    const hexId = await addSeats('3', `0x${company.id.toString(16)}`);
    expect(hexId.json().data.fields).toEqual([{ field: 'querystring/cid', rule: 'decimal' }]);
    expect(await countRows(t, 'checkouts')).toBe(checkouts);

    const three = await call(t, addCompanySeatsRoute, {
      as: creator,
      query: { cid: company.id, seats: 3, method: 'bank' },
      headers: key(),
    });
    expect(three.ok().data).toMatchObject({ quantity: 3 });
  });
});
