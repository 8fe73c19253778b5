import { useCallback, useRef, useState } from 'react';

/**
 * Runs one task at a time (spec 01 §4 "Nickname edit": an in-progress flag blocks double
 * submit). The ref answers at once, since a second Enter lands before React re-renders.
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
