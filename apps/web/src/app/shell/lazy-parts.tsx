import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { loadNamespace } from '../../lib/i18n';

/**
 * Pieces of the shell that not every visit needs, each its own chunk so the first screen
 * loads less (docs/bundle-budget.md):
 * - the header, which only the browser build shows;
 * - sign-in, which only a signed-out visitor needs;
 * - the toast container (with its transitions), which nobody needs before the first toast.
 * preloadShellParts starts the downloads the visit will need at boot, alongside the
 * translations, so they do not wait for the first render.
 */
const loadHeader = () => import('../header/Header');
const loadSignIn = () => import('../../features/auth/SignInScreen');
const loadToasts = () => import('./Toasts');

/** The namespace only sign-in uses: a signed-in visit does not download it (main.tsx). */
export const SIGN_IN_NAMESPACE = 'auth';

export const LazyHeader = lazy(() => loadHeader().then((m) => ({ default: m.Header })));
export const LazySignInScreen = lazy(() =>
  Promise.all([loadSignIn(), loadNamespace(SIGN_IN_NAMESPACE)]).then(([m]) => ({ default: m.SignInScreen })),
);
const LazyToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.Toasts as ComponentType })));

export function preloadShellParts({ header, signIn }: { header: boolean; signIn: boolean }): void {
  // Failures are ignored here: the same import runs again when the part renders, and its
  // error shows there.
  if (header) loadHeader().catch(() => {});
  if (signIn) loadSignIn().catch(() => {});
}

/** The toast container, mounted once the browser is idle after the first render. */
export function LazyToasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  ) : null;
}
