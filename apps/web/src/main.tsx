import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyLaunchAddress, signInWithCustomCredential } from './app/launch';
import { firstTexts } from './app/boot/first-texts';
import { preloadScreen } from './app/screens/load-screen';
import { DEFAULT_SCREEN, screenFromPath } from './app/screens/screens';
import { preloadShellParts } from './app/shell/lazy-parts';
import { openSignIn } from './features/auth';
import { adoptRefreshCookie, configureApiClient } from './lib/api';
import { getBuildContext, getLaunchParams } from './lib/build-context';
import { host } from './lib/host-bridge';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { getSession } from './lib/session';
import { currentUserQueryOptions } from './lib/user/current-user';
import { teamQueryOptions } from './app/team/use-team';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');

  // Read the build and the one-time parameters before the address is tidied up.
  const build = getBuildContext();
  const launch = getLaunchParams();
  const texts = firstTexts(window.location);
  applyLaunchAddress();

  // Spec 01 §4: when a session cannot be refreshed, sign-in reopens; a desktop client is told
  // to sign out instead, as it owns the sign-in there.
  configureApiClient({
    onSessionEnded: build.hostMode === 'desktop' ? () => void host.signOut() : () => openSignIn(),
    refreshCookie: window.top === window.self,
  });

  // What the first render will need downloads alongside the translations.
  const session = getSession();
  const signedIn = session !== null || launch.custom !== null;
  const queryClient = createQueryClient();
  // The shell and the first screen read the user and their teams: asked for now, they arrive
  // while the code and texts load instead of after the first render. (A desktop client's
  // one-time credential may sign in someone else: then the shell asks once it knows who.)
  if (session && launch.custom === null) {
    void queryClient.prefetchQuery(currentUserQueryOptions(session.userId));
    void queryClient.prefetchQuery(teamQueryOptions(session.userId));
  }
  const firstScreen = screenFromPath(window.location.pathname) ?? DEFAULT_SCREEN;
  const firstScreenCode = preloadScreen(firstScreen);
  const shellParts = preloadShellParts({ header: build.hostMode === 'browser', signIn: !signedIn });

  const [, launchError] = await Promise.all([
    // Sign-in's texts come with its code when a signed-in visit needs it later.
    initI18n(texts.language, texts.namespaces),
    signInWithCustomCredential(launch),
    // In a browser, a refresh token still in storage is from before the refresh cookie. (A
    // desktop client may hand one over; that one is moved at its first use instead, so the
    // client's own copy is not spent behind its back.)
    build.hostMode === 'browser' ? adoptRefreshCookie() : undefined,
    // Downloads beside the translations; waiting for it lets the screen mount without suspending.
    firstScreenCode,
    shellParts,
  ]);

  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} launchError={launchError} />
    </StrictMode>,
  );
}

void start();
