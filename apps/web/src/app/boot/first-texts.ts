import { readBuildContext, readLaunchParams } from '../../lib/build-context/build-context';
import { type Language, languageFromSearch } from '../../lib/i18n/languages';
import { isPartNamespace } from '../../lib/i18n/part-namespaces';
import { namespaces } from '../../lib/i18n/resources';
import { getSession } from '../../lib/session';
import { launchScreen } from '../launch';
import { DEFAULT_SCREEN, type ScreenName, screenNames, screenNamespace } from '../screens/screens';

/** The namespace of the sign-in screen: needed at start only by a visitor who is not signed in. */
export const SIGN_IN_NAMESPACE = 'auth';

/**
 * A screen's own namespace (`locales/<lang>/order.json`, `screenNamespace`) holds that screen's
 * texts: it loads with the screen's code rather than at boot. The rest (common, shell, header,
 * errors, auth) and the first screen's own start with the app. Namespaces of a part of a screen
 * (`accountClose`) load with that part (lazyWithTexts).
 */
export function startNamespaces(firstScreen: ScreenName): string[] {
  const screenTexts = screenNames.map(screenNamespace);
  return namespaces.filter(
    (namespace) =>
      !isPartNamespace(namespace, screenNames) &&
      (!screenTexts.includes(namespace) || namespace === screenNamespace(firstScreen)),
  );
}

export interface FirstTexts {
  language: Language;
  namespaces: string[];
}

/**
 * The texts the first render of this page load needs: its language (the address's `lang`, else
 * the build's), the namespaces every screen uses and the first screen's own (the one `to` names); sign-in's only for a
 * visitor without a session (a desktop client's one-time credential signs in too).
 */
export function firstTexts(location: Pick<Location, 'host' | 'search' | 'pathname'>): FirstTexts {
  const { region } = readBuildContext(location, {});
  const signedIn = getSession() !== null || readLaunchParams(location).custom !== null;
  // A desktop client opens a screen with `to` (spec 01 §2): its texts are the first render's.
  const screen = launchScreen(location) ?? DEFAULT_SCREEN;
  return {
    language: languageFromSearch(location.search, region),
    namespaces: startNamespaces(screen).filter((namespace) => !signedIn || namespace !== SIGN_IN_NAMESPACE),
  };
}
