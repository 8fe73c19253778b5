/** Verification code purposes (spec 01 §3, spec 02 §8). */
export const VerificationPurpose = {
  register: 1,
  forget: 2,
  oldCheck: 3,
  newCheck: 4,
  changePassword: 6,
  quickLogin: 8,
  delete: 11,
} as const;

export type VerificationPurposeName = keyof typeof VerificationPurpose;
export type VerificationPurposeCode = (typeof VerificationPurpose)[VerificationPurposeName];

export const verificationPurposeCodes = Object.values(VerificationPurpose) as VerificationPurposeCode[];

/** Limits of verification codes: the spec names the purposes, these are our service rules. */
export const VerificationLimits = {
  digits: 6,
  lifetimeSeconds: 600,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  maxSendsPerDay: 10,
} as const;
