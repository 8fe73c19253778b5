import { useEffect, useSyncExternalStore } from 'react';
import type * as InteractiveParts from './interactive-parts';

/**
 * The header's interactive parts (dropdown menus, the mobile drawer, the sign-out menu, the
 * language list) with the popover, drawer and scroll code only they use: about a third of the
 * first route's script. The bar renders at once from light stand-ins (HeaderTriggers.tsx) and
 * these arrive when the browser is idle after the first render, or sooner when a pointer or the
 * keyboard reaches a stand-in (docs/bundle-budget.md).
 */
export type HeaderParts = typeof InteractiveParts;

let parts: HeaderParts | null = null;
let loading: Promise<HeaderParts> | null = null;
const listeners = new Set<() => void>();

export function loadHeaderParts(): Promise<HeaderParts> {
  loading ??= import('./interactive-parts').then(
    (module) => {
      parts = module;
      for (const listener of [...listeners]) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download (offline, a new deployment) is tried again at the next interaction.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts the download without waiting; a failure is retried by the next call. */
export function prefetchHeaderParts(): void {
  loadHeaderParts().catch(() => {});
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const current = () => parts;

/** The parts once loaded (null before); schedules their download for when the browser is idle. */
export function useHeaderParts(): HeaderParts | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (parts) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetchHeaderParts, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetchHeaderParts, 200);
    return () => clearTimeout(timer);
  }, []);
  return loaded;
}
