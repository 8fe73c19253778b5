import { expect, regionUrl, seededDemo, signInAs, test } from '../fixtures.js';
import { hostMessages, recordHostMessages } from '../desktop-host.js';

// Issue 12: a newcomer redeems each code the demo seed prints, as the README says they can.

test('each code the demo seed prints redeems on its screen, in the desktop client', async ({ page }) => {
  // Seeded before the run (global-setup.ts), which printed its codes this once.
  const demo = seededDemo();
  expect(demo.created).toBe(true);
  const codes = demo.codes!;
  await recordHostMessages(page);
  await signInAs(page, { userId: demo.user_id, email: demo.email, password: demo.password, region: 'domestic' });
  const main = page.getByRole('main');
  const redeem = async (code: string) => {
    await main.getByRole('textbox').fill(code);
    await main.getByRole('button', { name: '确认', exact: true }).click();
  };

  await page.goto(regionUrl('domestic', '/bind?from=maxPC'));
  await redeem(codes.activation);
  await expect(main.getByRole('status')).toContainText('图示已在此账号上生效');
  // The demo holds the diagram's 1-year plan: the key's year is added to it and the box says so.
  await expect(main.getByRole('status')).toContainText(/图示 1 年版：现有效期至 \d{4}\/\d{2}\/\d{2}（原为 /);
  expect(await hostMessages(page, 'bindSuccess')).toEqual([
    expect.objectContaining({ payload: { kind: 'activation', product: 'max' } }),
  ]);
  // The replacement key moves the demo's mind-map licence onto every desktop.
  await redeem(codes.replacement);
  await expect(main.getByRole('status')).toContainText('思维导图已在此账号上生效');
  await expect(main.getByRole('status')).toContainText('有效期不变');
  await main.locator('label', { hasText: '礼品码' }).click();
  await redeem(codes.gift);
  await expect(main.getByRole('status')).toContainText('礼品已添加到此账号');
  await expect(main.getByRole('status')).toContainText('AI 点数：500');
  await expect(main.getByRole('status')).toContainText('模板券：¥10.00');

  await page.goto(regionUrl('domestic', '/bind?from=maxPC&tend=project'));
  await redeem(codes.project);
  await expect(main.getByRole('status')).toContainText('项目管理已在此账号上生效');

  // The demo holds a coupon: the printed coupon code asks before replacing it.
  await page.goto(regionUrl('domestic', '/coupon?from=maxPC'));
  await expect(main.getByRole('article', { name: '立减¥20.00' })).toBeVisible();
  await redeem(codes.coupon);
  await page.getByRole('dialog', { name: '替换优惠券？' }).getByRole('button', { name: '是，替换' }).click();
  await expect(main.getByRole('article', { name: '15% 折扣' })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(1);
});
