import { describe, expect, it } from 'vitest';
import { VerificationLimits, VerificationPurpose, verificationPurposeCodes } from './verification.js';

describe('VerificationPurpose', () => {
  // spec 02 §8: register 1, forget 2, old check 3, new check 4, change password 6, quick login 8, delete 11.
  it('uses the spec purpose codes', () => {
    expect(VerificationPurpose).toEqual({
      register: 1,
      forget: 2,
      oldCheck: 3,
      newCheck: 4,
      changePassword: 6,
      quickLogin: 8,
      delete: 11,
    });
  });

  it('lists every purpose code once, and no other', () => {
    expect([...verificationPurposeCodes].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 8, 11]);
  });

  it('keeps limits that make a guessed code hopeless', () => {
    // 5 tries at a 6-digit code: at most 5 in a million.
    expect(VerificationLimits.digits).toBe(6);
    expect(VerificationLimits.maxAttempts).toBeLessThanOrEqual(5);
    expect(VerificationLimits.resendAfterSeconds).toBeLessThan(VerificationLimits.lifetimeSeconds);
  });
});
