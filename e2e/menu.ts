import { type Page, expect } from '@playwright/test';

/** The entries of the account menu (the navigation landmark named `name`), as [label, href]. */
export async function menuEntries(page: Page, name = 'Account sections'): Promise<[string, string][]> {
  const nav = page.getByRole('navigation', { name });
  await expect(nav).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link): [string, string] => [link.textContent ?? '', link.getAttribute('href') ?? '']),
    );
}

/** The hrefs of the account menu. */
export async function menuHrefs(page: Page, name?: string): Promise<string[]> {
  return (await menuEntries(page, name)).map(([, href]) => href);
}
