import { describe, expect, it } from 'vitest';
import { bytesToMb, FREE_STORAGE_BYTES } from './storage.js';

describe('bytesToMb', () => {
  it('shows MB with 2 decimals', () => {
    expect(bytesToMb(0)).toBe('0.00');
    expect(bytesToMb(1024 * 1024)).toBe('1.00');
    expect(bytesToMb(1536 * 1024)).toBe('1.50');
    expect(bytesToMb(FREE_STORAGE_BYTES.project)).toBe('100.00');
    expect(bytesToMb(10 * 1024 * 1024 * 1024)).toBe('10240.00');
  });

  it('rounds half up on hundredths of a MB', () => {
    const mb = 1024 * 1024;
    expect(bytesToMb(Math.ceil(mb * 0.005))).toBe('0.01');
    expect(bytesToMb(Math.floor(mb * 0.005) - 1)).toBe('0.00');
    expect(bytesToMb(mb * 2 - 1)).toBe('2.00');
  });

  it('refuses negative or fractional byte counts', () => {
    expect(() => bytesToMb(-1)).toThrow(RangeError);
    expect(() => bytesToMb(1.5)).toThrow(RangeError);
  });
});
