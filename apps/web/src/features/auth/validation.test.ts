import { describe, expect, it } from 'vitest';
import {
  accountKindFor,
  validateAccount,
  validateCode,
  validateExistingPassword,
  validateNewPassword,
} from './validation';

describe('account', () => {
  it('is an e-mail everywhere and a mainland mobile only in the domestic build', () => {
    expect(accountKindFor(' ada@example.com ', 'overseas')).toBe('email');
    expect(accountKindFor('13812345678', 'domestic')).toBe('mobile');
    expect(accountKindFor('13812345678', 'overseas')).toBeNull();
    expect(accountKindFor('12812345678', 'domestic')).toBeNull();
    expect(accountKindFor('1381234567', 'domestic')).toBeNull();
  });

  it('says what to enter in the words of the build', () => {
    expect(validateAccount('', 'overseas')).toBe('auth:validation.accountRequired');
    expect(validateAccount('  ', 'domestic')).toBe('auth:validation.accountRequiredDomestic');
    expect(validateAccount('ada@', 'overseas')).toBe('auth:validation.emailInvalid');
    expect(validateAccount('ada@', 'domestic')).toBe('auth:validation.accountInvalid');
    expect(validateAccount('ada@example.com', 'domestic')).toBeNull();
  });
});

describe('passwords', () => {
  it('accept 8 to 128 characters for a new password', () => {
    expect(validateNewPassword('')).toBe('auth:validation.passwordRequired');
    expect(validateNewPassword('1234567')).toBe('auth:validation.passwordLength');
    expect(validateNewPassword('12345678')).toBeNull();
    expect(validateNewPassword('x'.repeat(128))).toBeNull();
    expect(validateNewPassword('x'.repeat(129))).toBe('auth:validation.passwordLength');
  });

  it('let a sign-in try any non-empty password up to the limit', () => {
    expect(validateExistingPassword('')).toBe('auth:validation.passwordRequired');
    expect(validateExistingPassword('short')).toBeNull();
    expect(validateExistingPassword('x'.repeat(129))).toBe('auth:validation.passwordLength');
  });
});

describe('codes', () => {
  it('have exactly 6 digits', () => {
    expect(validateCode('123456')).toBeNull();
    expect(validateCode(' 123456 ')).toBeNull();
    expect(validateCode('12345')).toBe('auth:validation.codeInvalid');
    expect(validateCode('1234567')).toBe('auth:validation.codeInvalid');
    expect(validateCode('12345a')).toBe('auth:validation.codeInvalid');
  });
});
