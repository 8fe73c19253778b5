import { describe, expect, it } from 'vitest';
import { colorSchemeFor, cssVariablesResolver, primaryColorFor, themeFor } from './theme';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, readableShade } from './contrast';

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

describe('text contrast of the light scheme (WCAG AA, 4.5:1)', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFor({ from: null }));
  const { light } = cssVariablesResolver(theme);

  it('gives every palette a text colour and a light-variant colour that pass', () => {
    for (const [name, palette] of Object.entries(theme.colors)) {
      if (name === 'dark') continue;
      const text = light[`--mantine-color-${name}-text`] as string;
      const onLight = light[`--mantine-color-${name}-light-color`] as string;
      // On the pages' grey 0 and on white; on the light variant's own background (shade 1).
      expect(contrast(text, theme.colors.gray[0]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(onLight, palette[1] as string), name).toBeGreaterThanOrEqual(4.5);
      // And on the light variant's hover background (shade 2): a hovered light button.
      expect(contrast(onLight, palette[2] as string), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps secondary text and the primary button readable', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(contrast(light['--mantine-color-error'] as string, theme.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    expect(contrast(theme.colors.blue[shade], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a palette that has no shade dark enough', () => {
    const pale = ['#fff0f0', '#ffdddd', '#ffbbbb'];
    expect(contrast(readableShade(pale, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
