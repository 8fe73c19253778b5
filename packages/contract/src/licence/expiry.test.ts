import { describe, expect, it } from 'vitest';
import { FOREVER_THRESHOLD, expiryState, isVip } from './expiry.js';

const now = 1_790_000_000;

describe('expiry state of a platform', () => {
  it('is forever beyond the ~2119 threshold', () => {
    expect(expiryState(Date.UTC(2119, 5, 1) / 1000, now)).toBe('forever');
    expect(expiryState(Date.UTC(2200, 0, 1) / 1000, now)).toBe('forever');
    expect(expiryState(FOREVER_THRESHOLD - 86_400, now)).toBe('active');
  });

  it('is active for a future date and expired for a past one, or none', () => {
    expect(expiryState(now + 1, now)).toBe('active');
    expect(expiryState(now, now)).toBe('expired');
    expect(expiryState(now - 1, now)).toBe('expired');
    expect(expiryState(0, now)).toBe('expired');
    expect(expiryState(null, now)).toBe('expired');
    expect(expiryState(undefined, now)).toBe('expired');
  });
});

describe('VIP', () => {
  it('is VIP when any platform or team expiry lies ahead', () => {
    expect(isVip([{ win_exp: now - 10 }, { mac_exp: now + 10 }], now)).toBe(true);
    expect(isVip([{ group_exp: now + 10 }], now)).toBe(true);
    expect(isVip([{ group_mobile_exp: FOREVER_THRESHOLD + 1 }], now)).toBe(true);
  });

  it('is not VIP when every expiry has passed or there is none', () => {
    expect(isVip([{ win_exp: now - 10, mac_exp: 0, group_exp: null }], now)).toBe(false);
    expect(isVip([], now)).toBe(false);
  });
});
