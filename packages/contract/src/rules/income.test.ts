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
  });

  it('is at least 1 fen, so no sale escapes it, and never more than the sale', () => {
    expect(platformFee(1)).toBe(1); // 0.3 fen: the whole sale, the author 0
    expect(platformFee(2)).toBe(1); // 0.6
    expect(platformFee(3)).toBe(1); // 0.9
    expect(platformFee(4)).toBe(1); // 1.2
  });

  it('rounds half a fen up', () => {
    expect(platformFee(5)).toBe(2); // 1.5
    expect(platformFee(15)).toBe(5); // 4.5
    expect(platformFee(25)).toBe(8); // 7.5
    expect(platformFee(35)).toBe(11); // 10.5
    expect(platformFee(6)).toBe(2); // 1.8
    expect(platformFee(11)).toBe(3); // 3.3
  });

  it('is exact for large sales', () => {
    expect(platformFee(100_000_000)).toBe(30_000_000); // a million yuan, the most one sale records
    expect(platformFee(99_999_999)).toBe(30_000_000); // 29,999,999.7
    expect(platformFee(99_999_995)).toBe(29_999_999); // 29,999,998.5
    expect(platformFee(1_099_511_627_775)).toBe(329_853_488_333); // 329,853,488,332.5
  });

  it('keeps fee + share = sale, the fee within a fen of 30%, for every sale up to ¥100', () => {
    for (let gross = 1; gross <= 10_000; gross++) {
      const fee = platformFee(gross);
      expect(Number.isInteger(fee) && fee >= 1 && fee <= gross).toBe(true);
      // Round half up: 30% of the sale less than half a fen below the fee, at most half a fen above.
      if (gross >= 2) expect(Math.abs(fee * 100 - gross * 30) <= 50).toBe(true);
    }
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
    // Only plain decimal digits are a number: what Number() would also read as 50 is not.
    for (const amount of ['0x32', '5e1', '0b110010', '0o62', '+50', 'Infinity', '50.', '.5', '1_0', '５０', '50.001'])
      expect(check({ amount }, available), amount).toBe('tips3');
    // As typed: spaces around it are not part of it.
    expect(check({ amount: ' 50 ' }, available)).toBeNull();
    expect(check({ amount: '50.00' }, available)).toBeNull();
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
