import type { Frame, Page } from '@playwright/test';

/** A PNG of one colour drawn by the page's canvas, as a data URL: a real picture file of that size. */
export function solidPng(
  page: Page | Frame,
  { width, height, colour }: { width: number; height: number; colour: string },
): Promise<string> {
  return page.evaluate(
    ([w, h, fill]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    [width, height, colour] as const,
  );
}
