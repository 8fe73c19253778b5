import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { loadNamespace } from '../../lib/i18n';
import { preloadable } from '../../lib/lazy/preloadable';
import { SIGN_IN_NAMESPACE } from '../boot/first-texts';

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

const header = preloadable(() => loadHeader().then((m) => m.Header));
const signIn = preloadable(() =>
  Promise.all([loadSignIn(), loadNamespace(SIGN_IN_NAMESPACE)]).then(([m]) => m.SignInScreen),
);
export const LazyHeader = header.Component;
export const LazySignInScreen = signIn.Component;
const LazyToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.Toasts as ComponentType })));

/**
 * Starts the parts the visit will show; main.tsx waits for them beside the translations, so
 * they mount with the first render. Failures are ignored here: the same load runs again when
 * the part renders, and its error shows there.
 */
export function preloadShellParts(parts: { header: boolean; signIn: boolean }): Promise<unknown> {
  return Promise.all([
    parts.header ? header.preload().catch(() => {}) : undefined,
    parts.signIn ? signIn.preload().catch(() => {}) : undefined,
  ]);
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
