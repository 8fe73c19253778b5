import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The payment page a checkout opened, from the link the pay step shows. */
export async function payUrlOf(page: Page, name: RegExp): Promise<string> {
  const link = page.getByRole('main').getByRole('link', { name });
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) as string;
}

/** The payer, in a second tab, presses pay on the sandbox provider's page. */
export async function payInSecondTab(page: Page, payUrl: string, button: string | RegExp = 'Pay') {
  const payer = await page.context().newPage();
  await payer.goto(payUrl);
  await payer.getByRole('button', { name: button }).click();
  await expect(payer.getByRole('status')).toBeVisible();
  await payer.close();
}
