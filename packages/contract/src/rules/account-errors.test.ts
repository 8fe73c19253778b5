import { describe, expect, it } from 'vitest';
import { AccountErrorCode, accountErrorName, extractCodeMarker } from './account-errors.js';

// spec 02 §8, "Account and auth error codes (numeric)", in the spec's order.
const specCodes: [number, string][] = [
  [1, 'account'],
  [2, 'password'],
  [3, 'code'],
  [4, 'timeout'],
  [5, 'tooFrequent'],
  [6, 'samePassword'],
  [7, 'phoneUsed'],
  [8, 'emailUsed'],
  [9, 'inviterNotFound'],
  [10, 'codeCountLimit'],
  [11, 'qqLogin'],
  [12, 'wechatLogin'],
  [13, 'facebookLogin'],
  [14, 'googleLogin'],
  [15, 'auth'],
  [16, 'loginLimit'],
  [20, 'unknown'],
  [21, 'baiduLogin'],
  [22, 'otherThirdPartyLogin'],
  [1000, 'websocketPassword'],
  [1001, 'lock'],
  [1002, 'passwordConflict'],
  [1003, 'phoneBoundToOtherProduct'],
  [1300, 'websocketError'],
  [1904, 'repeatedPhone'],
];

describe('accountErrorName', () => {
  it.each(specCodes)('names code %i %s', (code, name) => {
    expect(accountErrorName(code)).toBe(name);
    expect(AccountErrorCode[name as keyof typeof AccountErrorCode]).toBe(code);
  });

  it('knows exactly the spec codes, plus 0 for success', () => {
    const ours = Object.values(AccountErrorCode).sort((a, b) => a - b);
    expect(ours).toEqual([0, ...specCodes.map(([code]) => code)]);
    expect(accountErrorName(0)).toBe('none');
  });

  it('names a code the spec does not list unknown', () => {
    for (const code of [17, 18, 19, 23, 999, 1004, -1, 1.5]) expect(accountErrorName(code)).toBe('unknown');
  });
});

describe('extractCodeMarker', () => {
  it('reads N from a bracketed [code-N] marker', () => {
    expect(extractCodeMarker('[code-3]')).toBe(3);
    expect(extractCodeMarker('verification failed [code-3]')).toBe(3);
  });

  it('reads N from a bare code-N marker', () => {
    expect(extractCodeMarker('code-12')).toBe(12);
    expect(extractCodeMarker('too many attempts code-1904 try later')).toBe(1904);
  });

  it('answers 0 when there is no marker', () => {
    expect(extractCodeMarker('expired')).toBe(0);
    expect(extractCodeMarker('code-')).toBe(0);
    expect(extractCodeMarker('code 3')).toBe(0);
    expect(extractCodeMarker('')).toBe(0);
  });

  it('answers 0 for null and undefined', () => {
    expect(extractCodeMarker(null)).toBe(0);
    expect(extractCodeMarker(undefined)).toBe(0);
  });
});
