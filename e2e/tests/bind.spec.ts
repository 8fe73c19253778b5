import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import { expect, regionUrl, registerUser, runAdmin, signInAndOpen, signInAs, test } from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { hostMessages, recordHostMessages } from '../desktop-host.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Bind screen", §4 "Code binding", §8 bind code errors; issue 12.

const TEXTS = 'main h1, main h2, main button, main a, main label, main [role="alert"], main [role="status"]';

/** Codes made by the operator command, as printed. */
async function codes(...flags: string[]): Promise<string[]> {
  return ((await runAdmin(['code:batch', '--label', 'e2e', ...flags])) as { codes: string[] }).codes;
}

async function redeem(page: Page, code: string, confirm: string) {
  await page.getByRole('main').getByRole('textbox').fill(code);
  await page.getByRole('main').getByRole('button', { name: confirm }).click();
}

test('domestic: a licence key binds once and names its product; a gift code gives its gift', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'domestic' });
  const [licenceKey] = await codes('--kind', 'activation', '--product', 'max', '--type', '209');
  const [giftCode] = await codes('--kind', 'gift', '--ai-points', '200');
  await signInAndOpen(page, user, '/bind');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  // Empty input warns without asking the server.
  await main.getByRole('button', { name: '确认' }).click();
  await expect(main.getByRole('alert')).toHaveText('请输入激活码');

  // Enter submits, lower case and without dashes.
  await main.getByRole('textbox', { name: '激活码' }).fill(licenceKey!.toLowerCase().replaceAll('-', ''));
  await main.getByRole('textbox', { name: '激活码' }).press('Enter');
  const reminder = main.getByRole('status');
  await expect(reminder).toContainText('已在此账号上生效');
  await expect(reminder.getByRole('link', { name: /打开/ })).toHaveAttribute('href', /download\?product=diagram/);
  await page.screenshot({ path: path.join(artifacts, 'bind-domestic-zh-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /bind after a redemption');

  // The server's record: the licence is on the order screen's licence list.
  await page.goto(regionUrl('domestic', '/order'));
  await expect(page.getByRole('region', { name: '我的授权' }).getByRole('article').first()).toContainText('图示');

  await page.goto(regionUrl('domestic', '/bind'));
  await redeem(page, licenceKey!, '确认');
  await expect(main.getByRole('alert')).toHaveText('该激活码已被绑定，请勿重复绑定。');
  await redeem(page, 'ABCD-EFGH-JKMN-PQRS', '确认');
  await expect(main.getByRole('alert')).toHaveText('激活码错误，请重新输入。');

  // The segmented control's radios are visually hidden: its label is what a person clicks.
  await main.locator('label', { hasText: '礼品码' }).click();
  await expect(main.getByRole('radio', { name: '礼品码' })).toBeChecked();
  await redeem(page, giftCode!, '确认');
  await expect(main.getByRole('status')).toContainText('礼品已添加到此账号');
  await redeem(page, giftCode!, '确认');
  await expect(main.getByRole('alert')).toHaveText('礼品码无效');
});

test('the reminder box says what changed: a renewal’s end before and now, and every benefit of a gift', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'domestic' });
  const [first, second] = await codes('--kind', 'activation', '--product', 'max', '--type', '209', '--count', '2');
  const [giftCode] = await codes('--kind', 'gift', '--ai-points', '500', '--template-credit', '1000', '--days', '90');
  await signInAndOpen(page, user, '/bind');
  const main = page.getByRole('main');
  const given = main.getByRole('status').getByRole('list', { name: '您获得的权益' }).getByRole('listitem');
  const date = String.raw`\d{4}/\d{2}/\d{2}`;

  await redeem(page, first!, '确认');
  await expect(given).toHaveText([new RegExp(`^图示 1 年版：有效期至 ${date}$`)]);
  const firstEnd = (await given.textContent())!.match(/\d{4}\/\d{2}\/\d{2}/)![0];
  // The same plan again adds its year to the one held, as buying it again does.
  await redeem(page, second!, '确认');
  // The spec's year is 365 days (01 §9), so across a 29 February it ends a day earlier in the calendar.
  const later = new Date(Date.parse(`${firstEnd.replaceAll('/', '-')}T00:00:00Z`) + 365 * 86_400_000);
  const secondEnd = later.toISOString().slice(0, 10).replaceAll('-', '/');
  await expect(given).toHaveText([`图示 1 年版：现有效期至 ${secondEnd}（原为 ${firstEnd}）`]);
  await expectAccessible(page, 'domestic /bind after a renewal');

  await main.locator('label', { hasText: '礼品码' }).click();
  await redeem(page, giftCode!, '确认');
  await expect(main.getByRole('status')).toContainText('礼品已添加到此账号');
  await expect(given).toHaveText([
    new RegExp(`^AI 点数：500，有效期至 ${date}$`),
    new RegExp(`^模板券：¥10\\.00，有效期至 ${date}$`),
  ]);
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /bind after a gift');
});

test('the project variant takes project codes', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  const [projectCode] = await codes('--kind', 'project', '--type', '2');
  await signInAndOpen(page, user, '/bind?tend=project');
  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: '项目码' })).toBeChecked();
  await redeem(page, projectCode!, '确认');
  await expect(main.getByRole('status')).toContainText('项目管理');
});

test.describe('overseas', () => {
  test('/bind takes gift codes only; a campaign code past its limit says so', async ({ page, request }) => {
    const [first, second] = await Promise.all([
      registerUser(request, { region: 'overseas' }),
      registerUser(request, { region: 'overseas' }),
    ]);
    const [campaign] = await codes('--kind', 'gift', '--template-credit', '3', '--limit', '1');
    await signInAs(page, first);
    await page.goto(regionUrl('overseas', '/bind?lang=en'));
    const main = page.getByRole('main');
    await expect(main.getByRole('radiogroup')).toHaveCount(0);
    await redeem(page, campaign!, 'Confirm');
    await expect(main.getByRole('status')).toContainText('Your gift has been added to this account.');
    await page.screenshot({ path: path.join(artifacts, 'bind-overseas-en-1440.png'), fullPage: true });

    await page.context().clearCookies();
    await signInAs(page, second);
    await page.goto(regionUrl('overseas', '/bind?lang=de'));
    await redeem(page, campaign!, 'Bestätigen');
    await expect(main.getByRole('alert')).toHaveText('Ungültiger Geschenkcode.');
    await page.screenshot({ path: path.join(artifacts, 'bind-overseas-de-1440.png'), fullPage: true });
    await expectNothingClipped(page, TEXTS);
  });

  test('/license takes a gift code, as its text invites, and names the gift', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    const [giftCode] = await codes('--kind', 'gift', '--ai-points', '500');
    await signInAndOpen(page, user, '/license?lang=en');
    const main = page.getByRole('main');
    await expect(main).toContainText('or a gift code to receive its gift');
    await redeem(page, giftCode!, 'Confirm');
    await expect(main.getByRole('status')).toContainText('Your gift has been added to this account.');
    await expect(main.getByRole('status').getByRole('list', { name: 'What you received' })).toHaveText(
      'AI points: 500',
    );
    await expectAccessible(page, 'overseas /license after a gift');
  });

  test('/license binds a licence key, and the desktop client hears of it', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    const [licenceKey] = await codes('--kind', 'activation', '--product', 'mindmaster', '--type', '14');
    await recordHostMessages(page);
    await signInAndOpen(page, user, '/license?lang=en&from=maxPC');
    await redeem(page, licenceKey!, 'Confirm');
    await expect(page.getByRole('main').getByRole('status')).toContainText('Mind map is now active on this account.');
    expect(await hostMessages(page, 'bindSuccess')).toEqual([
      expect.objectContaining({ payload: { kind: 'activation', product: 'mind' } }),
    ]);
  });

  test.describe('390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('fits a phone', async ({ page, request }) => {
      const user = await registerUser(request, { region: 'overseas' });
      await signInAndOpen(page, user, '/bind?lang=ru');
      await redeem(page, '', 'Подтвердить');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Введите подарочный код.');
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, 'bind-overseas-ru-390.png'), fullPage: true });
      for (const language of ['en', 'zh']) {
        await page.goto(regionUrl('overseas', `/bind?lang=${language}`));
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expectNothingClipped(page, TEXTS);
        await page.screenshot({ path: path.join(artifacts, `bind-overseas-${language}-390.png`), fullPage: true });
      }
    });
  });
});
