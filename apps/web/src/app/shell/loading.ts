import { useSyncExternalStore } from 'react';

/**
 * The shell's loading overlay: shown while any piece of work started with startLoading (or
 * whileLoading) is running, so screens need no overlay of their own for blocking work.
 */
let running = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of [...listeners]) listener();
}

/** Shows the overlay until the returned function is called (once). */
export function startLoading(): () => void {
  running += 1;
  changed();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    running -= 1;
    changed();
  };
}

/** Shows the overlay while `work` runs. */
export async function whileLoading<T>(work: Promise<T>): Promise<T> {
  const stop = startLoading();
  try {
    return await work;
  } finally {
    stop();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => running > 0,
    () => false,
  );
}
