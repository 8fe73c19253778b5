import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFitsWidth } from './use-fits-width';

function Probe({ minWidth }: { minWidth: number }) {
  const [ref, fits] = useFitsWidth<HTMLDivElement>(minWidth);
  return <div ref={ref}>{fits ? 'wide' : 'narrow'}</div>;
}

/** Lays every element out `width` pixels wide, as a browser would report it. */
function layOutAt(width: number) {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 100));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useFitsWidth', () => {
  it('tells from the first render whether the element has the room', () => {
    layOutAt(728);
    render(<Probe minWidth={880} />);
    expect(screen.getByText('narrow')).toBeTruthy();
    cleanup();
    layOutAt(880);
    render(<Probe minWidth={880} />);
    expect(screen.getByText('wide')).toBeTruthy();
  });

  it('counts an element it cannot measure as wide enough', () => {
    layOutAt(0);
    render(<Probe minWidth={880} />);
    expect(screen.getByText('wide')).toBeTruthy();
  });

  it('follows the element when it is resized', async () => {
    // happy-dom lays nothing out and never reports a resize: the test holds the observer's
    // callback to call it itself, and lets a frame run at once. afterEach puts both back.
    let resized: ResizeObserverCallback = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 1;
    });
    const layout = layOutAt(1200);
    render(<Probe minWidth={880} />);
    expect(screen.getByText('wide')).toBeTruthy();
    layout.mockReturnValue(new DOMRect(0, 0, 700, 100));
    await act(async () => resized([], {} as ResizeObserver));
    expect(screen.getByText('narrow')).toBeTruthy();
  });
});
