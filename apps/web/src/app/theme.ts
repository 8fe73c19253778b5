import {
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineThemeOverride,
  createTheme,
} from '@mantine/core';
import type { BuildContext } from '../lib/build-context';
import { readableShade } from './contrast';

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

/** Texts the kit shows itself, in the reader's language. */
export interface KitLabels {
  /** The close button of dialogs and drawers (an icon: it needs a name for screen readers). */
  close: string;
}

export function themeFor(build: Pick<BuildContext, 'from'>, labels?: KitLabels): MantineThemeOverride {
  const closeButtonProps = labels ? { closeButtonProps: { 'aria-label': labels.close } } : {};
  return createTheme({
    primaryColor: primaryColorFor(build),
    // Shade 8 in light mode: white on a filled button and the primary colour as link text on
    // white both reach 4.5:1 with the diagram blue (shade 6, the kit's default, gives 3.6:1).
    primaryShade: { light: 8, dark: 8 },
    // The orange and green of Mantine's palettes need dark text for contrast on filled
    // buttons; let Mantine choose per colour.
    autoContrast: true,
    // Dark text from this luminance up: with the kit's 0.3, white text on the green and orange
    // palettes' filled shades stays under 4.5:1.
    luminanceThreshold: 0.2,
    defaultRadius: 'md',
    // Every dialog's and drawer's close button is named, whoever opens it.
    components: { Modal: { defaultProps: closeButtonProps }, Drawer: { defaultProps: closeButtonProps } },
  });
}

/**
 * Text colours of the light scheme, chosen once for the whole kit so every text reaches the
 * 4.5:1 WCAG AA asks of body text:
 * - secondary ("dimmed") text: the kit's grey 6 is 3.3:1 on white; grey 7 is 7.9:1 and still
 *   reads as secondary beside the near-black text;
 * - a colour used as text (`c="red"`, links) on the pages' grey 0 (and so on white), and on its
 *   own light background (shade 1: light badges, alerts, the active menu entry; shade 2 when a
 *   light button is hovered): the first shade of its palette that passes on shade 2, darker
 *   than the palette's own when none does (green, orange, yellow); field errors take the red
 *   text's.
 * Dark mode keeps the kit's own, which already passes on its backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    light[`--mantine-color-${name}-text`] = readableShade(palette, theme.colors.gray[0]);
    // Against shade 2, the light variant's hover background (shade 1 at rest): a light button
    // under the pointer — where it stays after its own click — keeps its contrast too.
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, palette[2]);
  }
  // Field errors are red text on white or grey 0, like any red text.
  light['--mantine-color-error'] = light['--mantine-color-red-text'] as string;
  return { variables: {}, light, dark: {} };
};
