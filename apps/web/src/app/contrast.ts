/**
 * WCAG 2 contrast between colours given as `#rrggbb`, and the darkest-needed shade of a palette
 * that reaches a contrast: the theme picks its text colours with these (app/theme.ts).
 */

type Rgb = [number, number, number];

const channels = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb;
const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first shade of `palette` (lightest first) that reaches `ratio` against `background`; when
 * none does, the darkest shade darkened step by step until it does.
 */
export function readableShade(palette: readonly string[], background: string, ratio = 4.5): string {
  const found = palette.find((shade) => contrast(shade, background) >= ratio);
  if (found) return found;
  let rgb = channels(palette[palette.length - 1] as string);
  while (contrast(toHex(rgb), background) < ratio) rgb = rgb.map((v) => v * 0.92) as Rgb;
  return toHex(rgb);
}
