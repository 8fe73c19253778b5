import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masks.js';

describe('maskPhone', () => {
  it('shows the first 3 and last 4 digits with **** between', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('19900001111')).toBe('199****1111');
  });

  it('hides the middle of a longer number the same way', () => {
    expect(maskPhone('+8613812345678')).toBe('+86****5678');
  });

  it('leaves an empty value empty', () => {
    expect(maskPhone('')).toBe('');
  });
});

describe('maskEmail', () => {
  it('shows the first 2 characters then ****', () => {
    expect(maskEmail('user@example.com')).toBe('us****');
    expect(maskEmail('ab@example.com')).toBe('ab****');
  });

  it('hides the domain and the length of the address', () => {
    const masked = maskEmail('someone.long@example.com');
    expect(masked).toBe('so****');
    expect(masked).not.toContain('example');
  });

  it('leaves an empty value empty', () => {
    expect(maskEmail('')).toBe('');
  });
});
