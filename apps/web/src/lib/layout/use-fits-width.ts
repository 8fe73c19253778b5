import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element is at least `minWidth` pixels wide, kept up to date as it resizes. For a
 * part whose wide form needs more room than its window's layout mode promises: a seven-column
 * table in a desktop window of 1024 px, say, or a tablet in landscape. The element is measured
 * as it is attached, before the first paint, so the wide form never flashes. Where nothing can
 * be measured (width 0: not laid out, or no layout at all) the element counts as wide enough.
 */
export function useFitsWidth<T extends HTMLElement>(minWidth: number): [RefCallback<T>, boolean] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    // One measure per frame however many resizes it saw.
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(element.getBoundingClientRect().width));
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return [ref, width === 0 || width >= minWidth];
}
