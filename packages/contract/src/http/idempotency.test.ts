import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyHeaders } from './idempotency.js';

describe('IdempotencyHeaders', () => {
  const check = Compile(IdempotencyHeaders);
  const accepts = (key: string) => check.Check({ 'idempotency-key': key });

  it('accepts a V4 UUID, any visible ASCII, up to 255 characters, and no key at all', () => {
    expect(accepts('3c9ae5ea-980f-4ebd-a027-04529942b95e')).toBe(true);
    expect(accepts('!~{}"\\')).toBe(true);
    expect(accepts('k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH))).toBe(true);
    expect(check.Check({})).toBe(true);
  });

  it('refuses an empty or longer key, spaces (two keys joined by ", "), control and non-ASCII characters', () => {
    for (const key of ['', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'a, b', 'tab\tkey', 'nul\u0000', 'clé', '键']) {
      expect(accepts(key), JSON.stringify(key)).toBe(false);
    }
  });
});
