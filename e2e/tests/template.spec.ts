import path from 'node:path';
import { expectAccessible } from '../accessibility.js';
import { expect, regionUrl, registerUser, runAdmin, serviceCall, signInAndOpen, signInAs, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Template credit screen", §7 getTemplateCoupon, getTemplateCouponRecord; issue 13; what
// was added beside what was spent (decision 056).

const TEXTS = 'main h1, main h2, main a, main th, main td, main li';

/** Template credit given by an operator, in fen. */
async function giveCredit(userId: number, fen: number) {
  await runAdmin([
    'points:grant',
    '--kind',
    'template_credit',
    '--user',
    String(userId),
    '--amount',
    String(fen),
    '--reason',
    'e2e',
  ]);
}

test('the balance in yuan, the template community’s purchases 10 a page, and the tips', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await giveCredit(user.userId, 20_000);
  // The template community spends credit on twelve templates, as its server would.
  for (let i = 1; i <= 12; i++) {
    await serviceCall(request, 'templates', '/api/internal/template-credit/spend', {
      user_id: user.userId,
      template_id: `tpl-${i}`,
      title: `流程图模板 ${i}`,
      price: 100 * i,
    });
  }
  await signInAndOpen(page, user, '/template');
  const main = page.getByRole('main');
  // 20000 − (100 + 200 + … + 1200) fen = ¥122.00.
  await expect(main.getByRole('region', { name: '余额' }).getByText('¥122.00')).toBeVisible();
  // Credit is topped up on the purchase screen, on its tab.
  await expect(main.getByRole('link', { name: '充值' })).toHaveAttribute('href', /^\/buy\?(.+&)?kind=template_credit$/);
  const table = main.getByRole('table', { name: '消费记录' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1)).toContainText('流程图模板 12');
  await expect(table.getByRole('row').nth(1)).toContainText('¥12.00');
  await expect(main.getByRole('region', { name: '模板券使用说明' }).getByRole('listitem')).toHaveCount(4);
  // Where the balance came from, beside what was spent: customer service's ¥200, ¥122 of it left.
  const added = main.getByRole('table', { name: '充值与获赠记录' });
  await expect(added.getByRole('row')).toHaveCount(2);
  await expect(added.getByRole('row').nth(1)).toContainText('客服发放');
  await expect(added.getByRole('row').nth(1)).toContainText('¥200.00');
  await expect(added.getByRole('row').nth(1)).toContainText('¥122.00');
  await page.screenshot({ path: path.join(artifacts, 'template-domestic-zh-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /template');

  await main.getByRole('button', { name: '2', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2)).toContainText('流程图模板 1');
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits a phone, in English and in Japanese', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await giveCredit(user.userId, 5000);
    await serviceCall(request, 'templates', '/api/internal/template-credit/spend', {
      user_id: user.userId,
      template_id: 'tpl-long',
      title: 'A cross-functional swimlane flowchart template with a very long name',
      price: 1990,
    });
    await signInAs(page, user);
    for (const language of ['en', 'jp']) {
      await page.goto(regionUrl('domestic', `/template?lang=${language}`));
      await expect(page.getByRole('main').getByRole('table')).toContainText('swimlane');
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `template-domestic-${language}-390.png`), fullPage: true });
    }
    await expectAccessible(page, '/template at 390 px');
  });
});
