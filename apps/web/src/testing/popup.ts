import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A popup as window.open returns it, for the third-party sign-in flows (lib/oauth): the test
 * sees where it is sent, closes it, and posts the callback page's message from it (or, to see
 * it ignored, from another origin or window).
 */
export function fakePopup() {
  const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const post = (data: unknown, origin = window.location.origin, source: unknown = popup) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    });
  return { popup, open, post };
}
