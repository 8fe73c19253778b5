import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/** Where the tests leave their screenshots for a person to look at (e2e/artifacts, not compared). */
export const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Safari on an iPhone: the browser the phone layouts are checked in. */
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export interface Screen {
  width: number;
  height: number;
  /** A phone: its browser, touch and the mobile viewport, not only a narrow window. */
  mobile: boolean;
}

/** A laptop's browser window. */
export const DESKTOP: Screen = { width: 1440, height: 900, mobile: false };

/** A phone held upright. */
export const PHONE: Screen = { width: 390, height: 844, mobile: true };

/** The two screens every layout is checked on. */
export const SCREENS: readonly Screen[] = [DESKTOP, PHONE];

/** The tests of the describe block this is called in run on `screen`. */
export function useScreen({ width, height, mobile }: Screen): void {
  test.use({
    viewport: { width, height },
    ...(mobile ? { userAgent: MOBILE_UA, isMobile: true, hasTouch: true } : {}),
  });
}
