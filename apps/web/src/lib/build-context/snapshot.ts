import { createContext, useContext } from 'react';
import { type BuildContext, type LaunchParams, readBuildContext, readLaunchParams } from './build-context';

/**
 * The build is decided once, by the address the app was opened with: `to` and `custom` are
 * removed from the address after use, and the language switcher rewrites `lang`, but none of
 * that may change the build a visitor is in.
 */
let loaded: { build: BuildContext; launch: LaunchParams } | null = null;

function snapshot() {
  if (!loaded) {
    const desktopHost = (window as { AccountCentreHost?: { version?: unknown } }).AccountCentreHost;
    loaded = { build: readBuildContext(window.location, { desktopHost }), launch: readLaunchParams(window.location) };
  }
  return loaded;
}

/** The build context of this page load (read on first use, then kept). */
export function getBuildContext(): BuildContext {
  return snapshot().build;
}

/** The one-time address values of this page load (read on first use, then kept). */
export function getLaunchParams(): LaunchParams {
  return snapshot().launch;
}

/** Lets tests and previews render the app as another build without touching the address. */
export const BuildContextOverride = createContext<BuildContext | null>(null);

export function useBuildContext(): BuildContext {
  return useContext(BuildContextOverride) ?? getBuildContext();
}

/** Forgets the kept values; for tests that load the app more than once. */
export function resetBuildContextForTests(): void {
  loaded = null;
}
