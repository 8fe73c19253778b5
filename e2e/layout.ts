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

/**
 * Starts adding up the page's layout shifts (the browser's Layout Instability API) from the next
 * navigation on, the shifts within half a second of a click or key excepted, as the browser
 * excepts them. Read with `expectSteadyLayout`.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's layout has not moved since it loaded (a layout shift score under 0.01; web vitals
 * call 0.1 good): sections that push each other down as their data arrives move what a reader is
 * about to tap. Shifts off the window do not count, so the check sees most on a large window.
 */
export async function expectSteadyLayout(page: Page, where: string, max = 0.01): Promise<void> {
  const total = await page.evaluate(
    () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
  );
  expect(total, `layout shift of ${where}`).toBeLessThan(max);
}
