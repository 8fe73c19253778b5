import path from 'node:path';
import { expect, registerUser, signInAndOpen, test } from '../fixtures.js';
import { artifacts } from '../screens.js';

// Toasts covered the header (its help link at 1440 px): they now appear below it, at every width.
for (const width of [390, 1024, 1440]) {
  test(`a toast never covers the header at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerUser(request, { region: 'overseas' });
    await signInAndOpen(page, user, '/account?lang=en');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit nickname' }).click();
    // A blank name is refused with a toast.
    const input = main.getByRole('textbox', { name: 'Nickname' });
    await input.fill('   ');
    await input.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'The nickname cannot be empty' });
    await expect(toast).toBeVisible();
    // Its entrance has finished: the box measured is where it stays.
    await page.waitForTimeout(500);

    const header = await page.getByRole('banner').boundingBox();
    const box = await toast.boundingBox();
    expect(header).not.toBeNull();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // Every link of the header can still be clicked where it is.
    const covered = await page.getByRole('banner').evaluate((banner) =>
      [...banner.querySelectorAll('a, button')]
        .filter((element) => element.getBoundingClientRect().width > 0)
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return top !== null && !element.contains(top);
        })
        .map((element) => element.textContent || element.getAttribute('aria-label')),
    );
    expect(covered).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, `toast-overseas-en-${width}.png`) });
  });
}
