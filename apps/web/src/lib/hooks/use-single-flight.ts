import { useCallback, useRef, useState } from 'react';

/**
 * Runs one task at a time: a second submit while the first is on its way is ignored (spec 01
 * §4: an in-progress flag blocks a double nickname save; a blocker prevents a double device
 * unbind; the same holds for every form that sends a request). The ref
 * answers at once (a double click lands before React re-renders the disabled button); the
 * state drives the button's loading look.
 */
export function useSingleFlight(): [busy: boolean, run: (task: () => Promise<void>) => Promise<void>] {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
