import { describe, expect, it } from 'vitest';
import { colorSchemeFor, primaryColorFor, themeFor } from './theme';

describe('theme', () => {
  it('takes the desktop client’s colour: diagram blue, project orange, mind-map green', () => {
    expect(primaryColorFor({ from: 'maxPC' })).toBe('blue');
    expect(primaryColorFor({ from: 'projectPC' })).toBe('orange');
    expect(primaryColorFor({ from: 'mindmaster' })).toBe('green');
    expect(primaryColorFor({ from: 'otherPC' })).toBe('blue');
    expect(primaryColorFor({ from: null })).toBe('blue');
    expect(themeFor({ from: 'projectPC' }).primaryColor).toBe('orange');
  });

  it('reads `theme` 0–2 as light, dark and the system’s choice', () => {
    expect(colorSchemeFor({ theme: 0 })).toBe('light');
    expect(colorSchemeFor({ theme: 1 })).toBe('dark');
    expect(colorSchemeFor({ theme: 2 })).toBe('auto');
    expect(colorSchemeFor({ theme: null })).toBe('light');
  });
});
