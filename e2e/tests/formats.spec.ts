import { domesticUrl, expect, registerUser, runAdmin, signInAs, test } from '../fixtures.js';

// Spec 01 §1: amounts and dates follow the language. An order of 1,234.50 yuan on a fixed day
// is shown on the order screen in three languages (the `lang` query parameter).
test('switching language changes how amounts and dates are written', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  expect(
    await runAdmin([
      'order:record',
      '--user',
      String(user.userId),
      '--product',
      'max',
      '--type',
      '1',
      '--name',
      'Diagram 1 year',
      '--amount',
      '123450',
      '--channel',
      'online',
      '--currency',
      'CNY',
      '--date',
      '2026-11-20',
    ]),
  ).toBeTruthy();
  await signInAs(page, user);

  const history = () => page.getByRole('region', { name: /订单记录|Order history|Bestellverlauf|История заказов/ });

  await page.goto(domesticUrl('/order?lang=zh'));
  await expect(history().getByText('¥1,234.50')).toBeVisible();
  await expect(history().getByText('2026/11/20')).toBeVisible();
  // The end of a one-year licence bought that day, written the language's way.
  await expect(history().getByText(/2027\/11\/20|2027年11月20日/)).toBeVisible();

  await page.goto(domesticUrl('/order?lang=en'));
  await expect(history().getByText('CN¥1,234.50')).toBeVisible();
  // One way of writing a date per language on the whole page: the order's date as its licence's end.
  await expect(history().getByText('11/20/2026')).toBeVisible();
  await expect(history().getByText(/11\/20\/2027|Nov(ember)? 20, 2027/)).toBeVisible();

  // German groups thousands with a dot and writes the decimal comma, currency after the number.
  await page.goto(domesticUrl('/order?lang=de'));
  await expect(history().getByText(/1\.234,50\s?CN¥/)).toBeVisible();
  await expect(history().getByText(/20\.11\.2027/)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
