import { describe, expect, it } from 'vitest';
import { accountKind, EMAIL_MAX_LENGTH, isEmail, isMainlandMobile, normaliseEmail } from './patterns.js';

describe('isEmail', () => {
  it.each([
    'user@example.com',
    'first.last@example.co.uk',
    "o'brien+tag@mail.example.cn",
    'a_b-c%d@x-y.example',
    'U1@EXAMPLE.COM',
  ])('accepts %s', (value) => expect(isEmail(value)).toBe(true));

  it.each([
    '',
    'user',
    'user@',
    '@example.com',
    'user@localhost',
    'user@example',
    'user@-example.com',
    'user@example-.com',
    'user@exa_mple.com',
    'user name@example.com',
    'user@example..com',
    'user@@example.com',
    ' user@example.com',
  ])('refuses %j', (value) => expect(isEmail(value)).toBe(false));

  it('refuses an address longer than the SMTP path limit', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    const fits = `${'x'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(fits.length).toBe(EMAIL_MAX_LENGTH);
    expect(isEmail(fits)).toBe(true);
    expect(isEmail(`x${fits}`)).toBe(false);
  });
});

describe('isMainlandMobile', () => {
  it('accepts 11 digits: 1, then 3 to 9, then 9 digits', () => {
    expect(isMainlandMobile('13812345678')).toBe(true);
    for (const second of ['3', '4', '5', '6', '7', '8', '9']) {
      expect(isMainlandMobile(`1${second}812345678`)).toBe(true);
    }
  });

  it('refuses a second digit of 0, 1 or 2', () => {
    expect(isMainlandMobile('12812345678')).toBe(false);
    expect(isMainlandMobile('11812345678')).toBe(false);
    expect(isMainlandMobile('10812345678')).toBe(false);
  });

  it('refuses 10 or 12 digits and anything but digits', () => {
    expect(isMainlandMobile('1381234567')).toBe(false);
    expect(isMainlandMobile('138123456789')).toBe(false);
    expect(isMainlandMobile('23812345678')).toBe(false);
    expect(isMainlandMobile('+8613812345678')).toBe(false);
    expect(isMainlandMobile('138 1234 5678')).toBe(false);
    expect(isMainlandMobile('1381234567a')).toBe(false);
    expect(isMainlandMobile('')).toBe(false);
  });
});

describe('accountKind and normaliseEmail', () => {
  it('tells an e-mail from a mainland mobile, and neither from junk', () => {
    expect(accountKind('user@example.com')).toBe('email');
    expect(accountKind(' 13812345678 ')).toBe('mobile');
    expect(accountKind('12812345678')).toBeNull();
    expect(accountKind('hello')).toBeNull();
  });

  it('lower-cases and trims an e-mail', () => {
    expect(normaliseEmail('  User@Example.COM ')).toBe('user@example.com');
  });
});
