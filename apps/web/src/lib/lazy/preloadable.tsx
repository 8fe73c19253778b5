import { type ComponentType, lazy, useState } from 'react';

export interface Preloadable<Props extends object> {
  /** Renders the part: at once when its code is already here, else through React.lazy (Suspense). */
  Component: ComponentType<Props>;
  /** Starts loading the code (once); a failure lets the next call try again. */
  preload(): Promise<ComponentType<Props>>;
}

/**
 * A lazily loaded part that a visit can ask for ahead of its first render. React.lazy alone
 * suspends at least once even when the code has already arrived, and React then reveals the
 * content only after its fallback has shown for a while (React 19 throttles Suspense reveals):
 * the first screen would paint hundreds of milliseconds after everything it needs is here.
 * A part preloaded before it renders mounts directly instead. Each mounted instance keeps the
 * way it started, so a part that mounted through React.lazy is never remounted (its state
 * would be lost) when the code turns up.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function PreloadablePart(props: Props) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: PreloadablePart, preload };
}
