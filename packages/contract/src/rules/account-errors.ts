/**
 * Numeric account and auth error codes (spec 02 §8). The server puts one in the envelope's
 * `code`; the web app shows the matching localised message.
 */
export const AccountErrorCode = {
  none: 0,
  account: 1,
  password: 2,
  code: 3,
  timeout: 4,
  tooFrequent: 5,
  samePassword: 6,
  phoneUsed: 7,
  emailUsed: 8,
  inviterNotFound: 9,
  codeCountLimit: 10,
  qqLogin: 11,
  wechatLogin: 12,
  facebookLogin: 13,
  googleLogin: 14,
  auth: 15,
  loginLimit: 16,
  unknown: 20,
  baiduLogin: 21,
  otherThirdPartyLogin: 22,
  websocketPassword: 1000,
  lock: 1001,
  passwordConflict: 1002,
  phoneBoundToOtherProduct: 1003,
  websocketError: 1300,
  repeatedPhone: 1904,
} as const;

export type AccountErrorName = keyof typeof AccountErrorCode;
export type AccountErrorCodeValue = (typeof AccountErrorCode)[AccountErrorName];

const namesByCode = new Map<number, AccountErrorName>(
  Object.entries(AccountErrorCode).map(([name, code]) => [code, name as AccountErrorName]),
);

/** The name of a numeric account error code, or `unknown` for a code the spec does not list. */
export function accountErrorName(code: number): AccountErrorName {
  return namesByCode.get(code) ?? 'unknown';
}

/**
 * Server messages may carry a marker `code-N` or `[code-N]` (spec 01 §5); the client reads N
 * as a number, 0 when there is none.
 */
export function extractCodeMarker(message: string | null | undefined): number {
  if (!message) return 0;
  const match = /\[?code-(\d+)\]?/.exec(message);
  return match ? Number(match[1]) : 0;
}
