import { describe, expect, it } from 'vitest';
import {
  chinaDateNumber,
  isIdentityCardNumber,
  maskIdentityCard,
  platformFee,
  type WithdrawalForm,
  withdrawalProblem,
} from './income.js';

const TODAY = 20261125;

describe('identity numbers (GB 11643)', () => {
  it('takes the standard’s own examples and other well-formed numbers', () => {
    // The two examples printed in GB 11643-1999, one with the check character X.
    expect(isIdentityCardNumber('11010519491231002X', TODAY)).toBe(true);
    expect(isIdentityCardNumber('440524188001010014', TODAY)).toBe(true);
    expect(isIdentityCardNumber('11010519491231002x', TODAY)).toBe(true);
    expect(isIdentityCardNumber('110101199003074477', TODAY)).toBe(true);
  });

  it('refuses wrong lengths, check characters, dates and provinces', () => {
    expect(isIdentityCardNumber('11010519491231002', TODAY)).toBe(false); // 17 characters
    expect(isIdentityCardNumber('11010519491231002X1', TODAY)).toBe(false); // 19 characters
    expect(isIdentityCardNumber('110105194912310021', TODAY)).toBe(false); // check digit should be X
    expect(isIdentityCardNumber('440524188001010015', TODAY)).toBe(false);
    expect(isIdentityCardNumber('110105194902300024', TODAY)).toBe(false); // 30 February
    expect(isIdentityCardNumber('110105194913010024', TODAY)).toBe(false); // month 13
    expect(isIdentityCardNumber('990105194912310021', TODAY)).toBe(false); // no province 99
    expect(isIdentityCardNumber('200105194912310021', TODAY)).toBe(false); // no province 20
    expect(isIdentityCardNumber('11010520301231002X', TODAY)).toBe(false); // born in the future
    expect(isIdentityCardNumber('11010519491231002Y', TODAY)).toBe(false);
    expect(isIdentityCardNumber('', TODAY)).toBe(false);
  });

  it('is shown with its region and last four only', () => {
    expect(maskIdentityCard('11010519491231002X')).toBe('110***********002X');
  });
});

describe('the platform fee', () => {
  it('is 30% of a sale, to the fen; the author keeps the rest', () => {
    expect(platformFee(10_000)).toBe(3_000);
    expect(platformFee(999)).toBe(300);
    expect(platformFee(1)).toBe(0);
  });
});

describe('the withdrawal form’s checks, in the spec’s order', () => {
  const good: WithdrawalForm = {
    zfb: '13800138000',
    identity_card: '11010519491231002X',
    name: '张三',
    mobile: '13912345678',
    amount: '100',
  };
  const check = (change: Partial<WithdrawalForm>, available = 100_000) =>
    withdrawalProblem({ ...good, ...change }, available, TODAY);

  it('passes a good form, with an e-mail or a phone as the payment account', () => {
    expect(check({})).toBeNull();
    expect(check({ zfb: 'author@example.com' })).toBeNull();
  });

  it('reports the first failing field, whatever fails after it', () => {
    const allBad = { zfb: '', identity_card: '123', name: ' ', mobile: '12', amount: '7' };
    expect(check(allBad)).toBe('tips6');
    expect(check({ ...allBad, zfb: 'a@b.cn' })).toBe('tips7');
    expect(check({ ...allBad, zfb: 'a@b.cn', identity_card: '11010519491231002X' })).toBe('tips5');
    expect(check({ amount: '7', mobile: '12', name: '李四' })).toBe('tips9');
    expect(check({ zfb: '12345' })).toBe('tips6');
    expect(check({ zfb: '23800138000' })).toBe('tips6');
    expect(check({ mobile: '12800138000' })).toBe('tips9');
    expect(check({ mobile: '1380013800' })).toBe('tips9');
  });

  it('checks the amount: at most the available income, a multiple of 10, at least 50', () => {
    // 600 yuan available.
    const available = 60_000;
    expect(check({ amount: '49' }, available)).toBe('tips2');
    expect(check({ amount: '40' }, available)).toBe('tips3');
    expect(check({ amount: '50' }, available)).toBeNull();
    expect(check({ amount: '55' }, available)).toBe('tips2');
    expect(check({ amount: '60' }, available)).toBeNull();
    expect(check({ amount: 600 }, available)).toBeNull();
    expect(check({ amount: '610' }, available)).toBe('tips1');
    // Not a number: counts as 0, which is below the minimum.
    expect(check({ amount: 'abc' }, available)).toBe('tips3');
    expect(check({ amount: '' }, available)).toBe('tips3');
    expect(check({ amount: '-50' }, available)).toBe('tips3');
    // Nothing available: any amount above 0 is above it.
    expect(check({ amount: '50' }, 0)).toBe('tips1');
  });
});

describe('China’s date', () => {
  it('turns at midnight in UTC+8', () => {
    expect(chinaDateNumber(Date.UTC(2026, 10, 24, 15, 59, 59) / 1000)).toBe(20261124);
    expect(chinaDateNumber(Date.UTC(2026, 10, 24, 16, 0, 0) / 1000)).toBe(20261125);
  });
});
    // Only plain decimal digits are a number: what Number() would also read as 50 is not.
    for (const amount of ['0x32', '5e1', '0b110010', '0o62', '+50', 'Infinity', '50.', '.5', '1_0', '５０', '50.001'])
      expect(check({ amount }, available), amount).toBe('tips3');
    // As typed: spaces around it are not part of it.
    expect(check({ amount: ' 50 ' }, available)).toBeNull();
    expect(check({ amount: '50.00' }, available)).toBeNull();
