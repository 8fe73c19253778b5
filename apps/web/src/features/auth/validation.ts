import { type AccountKind, type Region, VerificationLimits, isEmail, isMainlandMobile } from '@account-centre/contract';

/** Password length the sign-in service accepts for new passwords (contract: Password). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type ValidationKey =
  | 'auth:validation.accountRequired'
  | 'auth:validation.accountRequiredDomestic'
  | 'auth:validation.emailInvalid'
  | 'auth:validation.accountInvalid'
  | 'auth:validation.passwordRequired'
  | 'auth:validation.passwordLength'
  | 'auth:validation.passwordMismatch'
  | 'auth:validation.codeInvalid';

/**
 * The kind of account typed: an e-mail everywhere, a mainland mobile only in the domestic
 * build (the overseas build has no SMS), or null when it is neither.
 */
export function accountKindFor(value: string, region: Region): AccountKind | null {
  const trimmed = value.trim();
  if (isEmail(trimmed)) return 'email';
  if (region === 'domestic' && isMainlandMobile(trimmed)) return 'mobile';
  return null;
}

export function validateAccount(value: string, region: Region): ValidationKey | null {
  const trimmed = value.trim();
  if (trimmed === '') {
    return region === 'domestic' ? 'auth:validation.accountRequiredDomestic' : 'auth:validation.accountRequired';
  }
  if (accountKindFor(trimmed, region)) return null;
  return region === 'domestic' ? 'auth:validation.accountInvalid' : 'auth:validation.emailInvalid';
}

/** A password being signed in with: anything the user once chose, up to the service's limit. */
export function validateExistingPassword(value: string): ValidationKey | null {
  if (value === '') return 'auth:validation.passwordRequired';
  if (value.length > PASSWORD_MAX) return 'auth:validation.passwordLength';
  return null;
}

/** A password being chosen: 8 to 128 characters. */
export function validateNewPassword(value: string): ValidationKey | null {
  if (value === '') return 'auth:validation.passwordRequired';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'auth:validation.passwordLength';
  return null;
}

const codePattern = new RegExp(`^\\d{${VerificationLimits.digits}}$`);

export function validateCode(value: string): ValidationKey | null {
  return codePattern.test(value.trim()) ? null : 'auth:validation.codeInvalid';
}
