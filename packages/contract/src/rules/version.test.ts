import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionAtLeast } from './version.js';

describe('compareVersions', () => {
  it('compares parts as numbers, not text', () => {
    expect(compareVersions('12.2.15', '12.2.9')).toBe(1);
    expect(compareVersions('12.2.9', '12.2.15')).toBe(-1);
    expect(compareVersions('12.10', '12.9')).toBe(1);
    expect(compareVersions('12.9', '12.10')).toBe(-1);
  });

  it('counts a missing part as 0', () => {
    expect(compareVersions('12.2', '12.2.0')).toBe(0);
    expect(compareVersions('12.2.0.0', '12.2')).toBe(0);
    expect(compareVersions('12.2', '12.2.1')).toBe(-1);
  });

  it('answers 0 for equal versions and orders by the first differing part', () => {
    expect(compareVersions('12.2.15', '12.2.15')).toBe(0);
    expect(compareVersions('13.0', '12.99.99')).toBe(1);
    expect(compareVersions('2', '10')).toBe(-1);
  });

  it('counts a non-numeric part as 0 and ignores surrounding white space', () => {
    expect(compareVersions('12.x', '12.0')).toBe(0);
    expect(compareVersions(' 12.2.15 ', '12.2.15')).toBe(0);
    expect(compareVersions('', '0')).toBe(0);
  });
});

describe('isVersionAtLeast', () => {
  // spec 01 §2: the mind-map client shows sign-out from version 12.2.15.
  it('accepts the minimum and anything later', () => {
    expect(isVersionAtLeast('12.2.15', '12.2.15')).toBe(true);
    expect(isVersionAtLeast('12.2.16', '12.2.15')).toBe(true);
    expect(isVersionAtLeast('12.10', '12.2.15')).toBe(true);
    expect(isVersionAtLeast('13', '12.2.15')).toBe(true);
  });

  it('refuses anything earlier', () => {
    expect(isVersionAtLeast('12.2.9', '12.2.15')).toBe(false);
    expect(isVersionAtLeast('12.2', '12.2.15')).toBe(false);
    expect(isVersionAtLeast('11.99.99', '12.2.15')).toBe(false);
  });
});
