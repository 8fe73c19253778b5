import { type Page, expect } from '@playwright/test';

/**
 * The page does not scroll sideways, and none of the visible elements `selector` matches has
 * content wider than itself (a cut-off heading, button or label).
 */
export async function expectNothingClipped(page: Page, selector: string): Promise<void> {
  // Asked until it settles: a busy machine can catch the page between a screen's first paint and
  // the styles of its lazily loaded parts; a page that stays too wide still fails.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page scrolls sideways',
    })
    .toBeLessThanOrEqual(0);
  const clipped = await page.evaluate(
    (query) =>
      [...document.querySelectorAll(query)]
        .filter((element) => element instanceof HTMLElement && element.offsetParent !== null)
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    selector,
  );
  expect(clipped).toEqual([]);
}
