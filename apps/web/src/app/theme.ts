import { type MantineColorScheme, type MantineThemeOverride, createTheme } from '@mantine/core';
import type { BuildContext } from '../lib/build-context';

/**
 * Spec 01 §2: in a desktop client the app takes the client's colour — diagram blue, project
 * orange, mind-map green. Every other build keeps the diagram blue.
 */
export function primaryColorFor(build: Pick<BuildContext, 'from'>): 'blue' | 'orange' | 'green' {
  switch (build.from) {
    case 'projectPC':
      return 'orange';
    case 'mindmaster':
      return 'green';
    default:
      return 'blue';
  }
}

/**
 * `theme` 0–2 is the host's appearance: 0 light, 1 dark, 2 follow the system. Without it the
 * app is light. See docs/decisions/ on the web shell.
 */
export function colorSchemeFor(build: Pick<BuildContext, 'theme'>): MantineColorScheme {
  switch (build.theme) {
    case 1:
      return 'dark';
    case 2:
      return 'auto';
    default:
      return 'light';
  }
}

export function themeFor(build: Pick<BuildContext, 'from'>): MantineThemeOverride {
  return createTheme({
    primaryColor: primaryColorFor(build),
    // The orange and green of Mantine's palettes need dark text for contrast on filled
    // buttons; let Mantine choose per colour.
    autoContrast: true,
    defaultRadius: 'md',
  });
}
