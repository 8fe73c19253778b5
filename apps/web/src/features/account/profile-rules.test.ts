import { describe, expect, it } from 'vitest';
import {
  missingBirthdayParts,
  canUnbind,
  signInMethods,
  daysInMonth,
  formatBirthday,
  isAcceptedImageName,
  nicknameProblem,
  parseBirthday,
} from './profile-rules';
import { scaledSize } from './avatar-image';

describe('nickname rules', () => {
  it('refuses an empty or blank name', () => {
    expect(nicknameProblem('')).toBe('notNullName');
    expect(nicknameProblem('   \t')).toBe('notNullName');
  });

  it('accepts 1 to 32 characters after trimming, counting characters rather than UTF-16 units', () => {
    expect(nicknameProblem('A')).toBeNull();
    expect(nicknameProblem(`  ${'x'.repeat(32)}  `)).toBeNull();
    expect(nicknameProblem('😀'.repeat(32))).toBeNull();
    expect(nicknameProblem('x'.repeat(33))).toBe('nameFormatError');
    expect(nicknameProblem('x'.repeat(10_000))).toBe('nameFormatError');
  });
});

describe('birthday', () => {
  it('knows the days of each month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2023, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('formats only complete dates and brings a day past the month’s end back to its last day', () => {
    expect(formatBirthday({ year: 1990, month: 4 })).toBeNull();
    expect(formatBirthday({ year: 1990, month: 4, day: 9 })).toBe('1990-04-09');
    expect(formatBirthday({ year: 2023, month: 2, day: 31 })).toBe('2023-02-28');
    expect(formatBirthday({ year: 2024, month: 2, day: 31 })).toBe('2024-02-29');
  });

  it('reads only the contract’s YYYY-MM-DD', () => {
    expect(parseBirthday('1988-12-01')).toEqual({ year: 1988, month: 12, day: 1 });
    expect(parseBirthday('01/12/1988')).toBeNull();
    expect(parseBirthday(null)).toBeNull();
  });
});

describe('avatar pictures', () => {
  it('accepts gif, jpg, jpeg, png and bmp in any case only', () => {
    for (const name of ['a.gif', 'b.JPG', 'c.jpeg', 'd.Png', 'e.BMP']) expect(isAcceptedImageName(name)).toBe(true);
    for (const name of ['a.webp', 'b.svg', 'png', 'c.png.exe', 'd.tiff']) expect(isAcceptedImageName(name)).toBe(false);
  });

  it('caps the width at 220 px keeping the aspect, never enlarging', () => {
    expect(scaledSize(1000, 500)).toEqual({ width: 220, height: 110 });
    expect(scaledSize(120, 300)).toEqual({ width: 120, height: 300 });
    expect(scaledSize(10_000, 1)).toEqual({ width: 220, height: 1 });
  });
});

describe('unbinding', () => {
  const none = { email: null, mobile: null, weixin: false, qq: false, weibo: false };
  it('needs another sign-in method to remain; phone and third parties count only domestic', () => {
    expect(canUnbind({ ...none, email: 'a@b.cn' }, true)).toBe(false);
    expect(canUnbind({ ...none, email: 'a@b.cn', weixin: true }, true)).toBe(true);
    expect(canUnbind({ ...none, mobile: '13800000000', qq: true }, true)).toBe(true);
    expect(canUnbind({ ...none, email: 'a@b.cn', mobile: '13800000000', weibo: true }, false)).toBe(false);
  });

  it('counts Google and Facebook overseas only', () => {
    expect(canUnbind({ ...none, email: 'a@b.com', google: true }, false)).toBe(true);
    expect(canUnbind({ ...none, google: true, facebook: true }, false)).toBe(true);
    expect(canUnbind({ ...none, google: true }, false)).toBe(false);
    expect(canUnbind({ ...none, email: 'a@b.cn', google: true, facebook: true }, true)).toBe(false);
  });

  it('reads every provider from the identity list', () => {
    expect(signInMethods({ email: 'a@b.com', mobile: null }, ['google', 'weibo'])).toEqual({
      email: 'a@b.com',
      mobile: null,
      weixin: false,
      qq: false,
      weibo: true,
      google: true,
      facebook: false,
    });
  });
});

describe('a birthday begun but not finished', () => {
  it('names the parts still to choose, in the pickers’ order', () => {
    expect(missingBirthdayParts({ year: 1990, month: 5 })).toEqual(['day']);
    expect(missingBirthdayParts({ day: 3 })).toEqual(['year', 'month']);
    expect(missingBirthdayParts({ year: 1990, day: 3 })).toEqual(['month']);
  });

  it('names nothing before any part is chosen, or once all are', () => {
    expect(missingBirthdayParts({})).toEqual([]);
    expect(missingBirthdayParts({ year: 1990, month: 5, day: 3 })).toEqual([]);
  });
});
