import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import { expect, regionUrl, registerUser, runAdmin, signInAndOpen, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { recordHostMessages, urlsOpenedOutside } from '../desktop-host.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Coupons screen", §4 "Coupon", §5 "Coupon code", §8 "Coupon"; issue 12.

const TEXTS = 'main h1, main h2, main h3, main button, main a, main label, main dt, main dd, main [role="alert"]';

/** A coupon defined by the operator command, and `count` codes that give it. */
async function couponCodes(count: number, ...flags: string[]): Promise<string[]> {
  const coupon = (await runAdmin(['coupon:define', '--info', 'Template sale', ...flags])) as { id: number };
  return (
    (await runAdmin([
      'code:batch',
      '--label',
      'e2e coupons',
      '--kind',
      'gift',
      '--coupon',
      String(coupon.id),
      '--count',
      String(count),
    ])) as { codes: string[] }
  ).codes;
}

async function bind(page: Page, code: string, confirm: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox').fill(code);
  await main.getByRole('button', { name: confirm, exact: true }).click();
}

test('domestic: a coupon is bound, shown, and replaced only when the person says yes', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  const [first, used] = await couponCodes(2, '--type', '1', '--value', '2000', '--min-spend', '10000', '--days', '90');
  const [second] = await couponCodes(1, '--type', '2', '--value', '15', '--product', 'mind');
  await signInAndOpen(page, user, '/coupon');
  const main = page.getByRole('main');
  await expect(main.getByText('您还没有优惠券。')).toBeVisible();

  await main.getByRole('button', { name: '确认', exact: true }).click();
  await expect(main.getByRole('alert')).toHaveText('请输入您的优惠券码');

  // Typed in lower case, it is sent upper-cased; Enter submits.
  await main.getByRole('textbox', { name: '优惠券码' }).fill(first!.toLowerCase());
  await expect(main.getByRole('textbox', { name: '优惠券码' })).toHaveValue(first!);
  await main.getByRole('textbox', { name: '优惠券码' }).press('Enter');
  const card = main.getByRole('article', { name: '立减¥20.00' });
  await expect(card).toContainText('订单满¥100.00可用');
  await expect(card).toContainText('图示模板 · 思维导图模板');
  await expect(card).toContainText(first!.slice(-4));
  await expect(card.getByRole('link', { name: '去图示模板使用' })).toHaveAttribute('href', /\/templates\/diagram$/);
  await page.screenshot({ path: path.join(artifacts, 'coupon-domestic-zh-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /coupon with a coupon');

  // Another code: the replace prompt; "no" keeps the coupon held.
  await bind(page, second!, '确认');
  const dialog = page.getByRole('dialog', { name: '替换优惠券？' });
  await expect(dialog).toContainText('只能持有一张优惠券，是否替换现有的优惠券？');
  // Checked once it has faded in: half-way, its text is fainter than it will be.
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'the replace prompt');
  await dialog.getByRole('button', { name: '否' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await bind(page, second!, '确认');
  await page.getByRole('dialog').getByRole('button', { name: '是，替换' }).click();
  await expect(main.getByRole('article', { name: '15% 折扣' })).toContainText('思维导图模板');
  await expect(card).toHaveCount(0);

  // What the server answers for a code that is not a coupon's, and for one used by someone else.
  await bind(page, 'ABCD-EFGH-JKMN-PQRS', '确认');
  await expect(main.getByRole('alert')).toHaveText('优惠券码无效');
  const other = await registerUser(request, { region: 'domestic' });
  await page.context().clearCookies();
  await signInAndOpen(page, other, '/coupon');
  await bind(page, used!, '确认');
  await expect(main.getByRole('article')).toBeVisible();
  await bind(page, first!, '确认');
  await expect(main.getByRole('alert')).toHaveText('该优惠券码已被使用。');

  // A gift code that gives a coupon, on the bind screen, while one is held: nothing is given.
  const [giftWithCoupon] = await couponCodes(1, '--type', '1', '--value', '500');
  await page.goto(regionUrl('domestic', '/bind'));
  await main.locator('label', { hasText: '礼品码' }).click();
  await bind(page, giftWithCoupon!, '确认');
  await expect(main.getByRole('alert')).toHaveText('您已持有一张优惠券。请先使用，或在优惠券页面替换后再兑换此码。');
});

test.describe('overseas', () => {
  test('a mobile-app coupon opens the phone-only tip; amounts in its own currency', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    const [code] = await couponCodes(1, '--type', '15', '--value', '500', '--currency', 'USD', '--product', 'max');
    await signInAndOpen(page, user, '/coupon?lang=en');
    await bind(page, code!, 'Confirm');
    const card = page.getByRole('main').getByRole('article', { name: '$5.00 off' });
    await expect(card).toContainText('Can only be used in the mobile app.');
    await expect(card.getByRole('link')).toHaveCount(0);
    await card.getByRole('button', { name: 'Use in Diagram templates' }).click();
    const tip = page.getByRole('dialog', { name: 'Mobile app only' });
    await expect(tip).toContainText('only be used in the mobile app');
    await expect(tip).toHaveCSS('opacity', '1');
    await page.screenshot({ path: path.join(artifacts, 'coupon-overseas-en-tip-1440.png'), fullPage: true });
    await expectAccessible(page, 'the phone-only tip');
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.goto(regionUrl('overseas', '/coupon?lang=de'));
    await expect(page.getByRole('main').getByRole('article')).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'coupon-overseas-de-1440.png'), fullPage: true });
    await expectNothingClipped(page, TEXTS);
  });

  test('in the desktop client, the communities open through the host', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await recordHostMessages(page);
    await signInAndOpen(page, user, '/coupon?lang=en&from=maxPC');
    await page.getByRole('main').getByRole('link', { name: 'Mind-map template community' }).click();
    await expect.poll(() => urlsOpenedOutside(page)).toEqual([expect.stringContaining('/templates/mind-map')]);
  });

  test.describe('390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('fits a phone', async ({ page, request }) => {
      const user = await registerUser(request, { region: 'overseas' });
      const [code] = await couponCodes(1, '--type', '1', '--value', '1000', '--currency', 'USD', '--min-spend', '5000');
      await signInAndOpen(page, user, '/coupon?lang=ru');
      await bind(page, code!, 'Подтвердить');
      await expect(page.getByRole('main').getByRole('article')).toBeVisible();
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, 'coupon-overseas-ru-390.png'), fullPage: true });
      for (const language of ['en', 'zh']) {
        await page.goto(regionUrl('overseas', `/coupon?lang=${language}`));
        await expect(page.getByRole('main').getByRole('article')).toBeVisible();
        await expectNothingClipped(page, TEXTS);
        await page.screenshot({ path: path.join(artifacts, `coupon-overseas-${language}-390.png`), fullPage: true });
      }
    });
  });
});

test('the project variant offers the coupons screen', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await signInAndOpen(page, user, '/coupon?tend=project');
  await expect(page.getByRole('main').getByRole('heading', { name: '模板社区' })).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'coupon-project-zh-1440.png') });
});
