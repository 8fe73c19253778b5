import { useCallback, useEffect, useState } from 'react';

/** `9:05`: minutes and seconds left, as a countdown reads in every language. */
export function formatRemaining(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Seconds left until a moment, ticking once a second. The end is kept as a time rather than a
 * counter, so a background tab whose timers were slowed still shows the right number. An end
 * known from the start (`endsAtMs`, ms since the epoch) counts from the first render, with no
 * zero shown before it.
 */
export function useCountdown(endsAtMs = 0): [remaining: number, start: (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(endsAtMs);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + Math.max(0, seconds) * 1000);
  }, []);

  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), start];
}
