import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import {
  type TestUser,
  demoUser,
  expect,
  regionUrl,
  registerUser,
  runAdminBatch,
  serviceCall,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { DOMESTIC_HOST, SERVER_ORIGIN } from '../ports.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Property (income) screen", §4 and §5 "Withdrawal", §7 getProperty, getIncome,
// getCash; issue 14. The domestic build's screen.

const TEXTS = 'main h1, main h2, main button, main label, main th, main td';

/**
 * An author with twelve template sales of each product (the template community's server
 * records them) and a friend's order's cashback still locked (the order system, by operator).
 */
async function author(request: Parameters<typeof registerUser>[0]): Promise<TestUser> {
  const user = await registerUser(request, { region: 'domestic' });
  for (let i = 1; i <= 12; i++) {
    for (const product of ['mm', 'em'] as const) {
      await serviceCall(request, 'templates', '/api/internal/income/sale', {
        user_id: user.userId,
        product,
        sale_id: `e2e-${user.userId}-${product}-${i}`,
        title: `${product === 'mm' ? '思维导图模板' : '流程图模板'} ${i}`,
        gross: 1_000 * i,
      });
    }
  }
  await runAdminBatch(
    [['income:cashback', '--user', String(user.userId), '--product', 'em', '--order', `e2e-cb-${user.userId}`]].map(
      (command) => [...command, '--title', '好友订单返现', '--amount', '1960'],
    ),
  );
  return user;
}

async function fillForm(page: Page, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await page
      .getByRole('main')
      .getByRole('textbox', { name: new RegExp(`^${label}`) })
      .fill(value ?? '');
  }
}

const GOOD = {
  支付宝账号: '13800138000',
  身份证号: '11010519491231002X',
  真实姓名: '张三',
  手机号: '13912345678',
  '提现金额（元）': '100',
};

test('the demo author’s withdrawal: each check’s message, the confirmation, the success dialog and the figures after', async ({
  page,
}) => {
  await signInAs(page, demoUser());
  await page.goto(regionUrl('domestic', '/property'));
  const main = page.getByRole('main');
  const figure = main.getByRole('region', { name: '可提现金额' }).getByText(/^¥[\d,.]+$/);
  await expect(figure).toHaveText(/^¥[\d,]+\.\d\d$/);
  const before = Number((await figure.textContent())?.replace(/[¥,]/g, ''));
  // The demo's cashback of a friend's order two days ago is still locked.
  await expect(main.getByText(/锁定中的返现：¥19\.60/)).toBeVisible();
  const withdraw = main.getByRole('button', { name: '提现', exact: true });

  const says = async (values: Partial<typeof GOOD>, message: string) => {
    await fillForm(page, { ...GOOD, ...values });
    await withdraw.click();
    await expect(main.getByText(message)).toBeVisible();
  };
  await says({ 支付宝账号: '12345' }, '请输入支付宝账号：中国大陆手机号或邮箱。');
  await says({ 身份证号: '11010519491231002' }, '请输入有效的 18 位身份证号。');
  await says({ 身份证号: '110105194912310021' }, '请输入有效的 18 位身份证号。');
  await says({ 真实姓名: ' ' }, '请输入真实姓名。');
  await says({ 手机号: '12345678901' }, '请输入 11 位中国大陆手机号。');
  await says({ '提现金额（元）': String(Math.floor(before / 10) * 10 + 10) }, '提现金额超过了可提现金额。');
  await says({ '提现金额（元）': '55' }, '请输入 ¥10 的整数倍。');
  await says({ '提现金额（元）': '40' }, '最低提现金额为 ¥50。');
  await page.screenshot({ path: path.join(artifacts, 'property-domestic-zh-1440-check.png'), fullPage: true });

  await fillForm(page, GOOD);
  await withdraw.click();
  const confirm = page.getByRole('dialog', { name: '确认提现' });
  await expect(confirm).toContainText('¥100.00');
  await expect(confirm).toContainText('¥0.00');
  await expectAccessible(page, 'the withdrawal confirmation');
  await page.screenshot({ path: path.join(artifacts, 'property-domestic-zh-1440-confirm.png') });
  await confirm.getByRole('button', { name: '确认提现' }).click();
  const done = page.getByRole('dialog', { name: '提现申请已提交' });
  await expect(done).toContainText('提现申请已提交，将于');
  await done.getByRole('button', { name: '好的' }).click();
  await expect(done).toBeHidden();
  await expect(figure).toHaveText(`¥${(before - 100).toLocaleString('en', { minimumFractionDigits: 2 })}`);
  await expect(main.getByRole('status')).toContainText('你提现的 ¥100.00 正在处理中');
  await expect(withdraw).toHaveCount(0);
  const recent = main.getByRole('table', { name: '最近的提现' });
  await expect(recent.getByRole('row').nth(1)).toContainText('处理中');
  // The demo's earlier withdrawal, paid.
  await expect(recent.getByRole('row').nth(2)).toContainText('已打款');
  await expectAccessible(page, 'domestic /property');
  await expectNothingClipped(page, TEXTS);
  await page.screenshot({ path: path.join(artifacts, 'property-domestic-zh-1440.png'), fullPage: true });
});

test('a second request from another tab is refused with the ongoing withdrawal’s message', async ({
  page,
  request,
}) => {
  const user = await author(request);
  await signInAndOpen(page, user, '/property?lang=en');
  const other = await page.context().newPage();
  await other.goto(regionUrl('domestic', '/property?lang=en'));
  const english = {
    'Alipay account': 'author@example.com',
    'Identity card number': '11010519491231002X',
    'Real name': 'Zhang San',
    'Mobile number': '13912345678',
    'Amount \\(CNY\\)': '50',
  };
  for (const tab of [page, other]) {
    await fillForm(tab, english);
    await tab.getByRole('main').getByRole('button', { name: 'Withdraw', exact: true }).click();
  }
  await page
    .getByRole('dialog', { name: 'Confirm your withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Withdrawal submitted' })).toBeVisible();
  await other
    .getByRole('dialog', { name: 'Confirm your withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();
  await expect(other.getByRole('main').getByRole('status')).toContainText(
    'Your withdrawal of CN¥50.00 is being processed',
  );
  await page.getByRole('dialog', { name: 'Withdrawal submitted' }).getByRole('button', { name: 'OK' }).click();
  await page.screenshot({ path: path.join(artifacts, 'property-domestic-en-1440.png'), fullPage: true });
});

test('the income record: a product, a range, ten a page', async ({ page, request }) => {
  const user = await author(request);
  await signInAndOpen(page, user, '/property');
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: '收益记录' }).click();
  const table = main.getByRole('table', { name: '收益记录' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1)).toContainText('思维导图模板 12');
  await expect(table.getByRole('row').nth(1)).toContainText('售价 ¥120.00，平台分成 ¥36.00');
  await main.getByRole('button', { name: '2', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await main.getByLabel('产品').click();
  await page.getByRole('option', { name: '图示' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('好友订单返现');
  await expect(table.getByRole('row').nth(1)).toContainText(/返现，\d{4}\/\d{2}\/\d{2} 起可提现/);
  await expectAccessible(page, 'the income record');
  await page.screenshot({ path: path.join(artifacts, 'property-record-zh-1440.png'), fullPage: true });
  // A range that ended before the sales: nothing, and the reminder stays.
  await main.getByLabel('结束日期').fill('2020-01-31');
  await main.getByLabel('开始日期').fill('2020-01-01');
  await expect(main.getByText('这段时间没有收益。')).toBeVisible();
  await expect(main.getByText(/模板售出后按售价的 70% 计入收益/)).toBeVisible();

  await page.goto(regionUrl('domestic', '/property?lang=ru'));
  await expect(main.getByRole('button', { name: 'Вывести', exact: true })).toBeVisible();
  await expectNothingClipped(page, TEXTS);
  await page.screenshot({ path: path.join(artifacts, 'property-domestic-ru-1440.png'), fullPage: true });
});

test('a sale refunded after its income was withdrawn: ¥0.00 available and what is owed, on the screen and in the closing dialog', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'domestic' });
  const saleId = `e2e-owed-${user.userId}`;
  const sale = { user_id: user.userId, product: 'mm', title: '思维导图模板', gross: 10_000 };
  await serviceCall(request, 'templates', '/api/internal/income/sale', { ...sale, sale_id: saleId });
  const session = await signInAs(page, user);
  const asked = await request.post(`${SERVER_ORIGIN}/api/user/${user.userId}/cash`, {
    headers: { Host: DOMESTIC_HOST, Authorization: `Bearer ${session.token}` },
    data: {
      zfb: GOOD.支付宝账号,
      identity_card: GOOD.身份证号,
      name: GOOD.真实姓名,
      mobile: GOOD.手机号,
      amount: '70',
    },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await serviceCall(request, 'templates', '/api/internal/income/refund', {
    user_id: user.userId,
    of: 'sale',
    source_id: saleId,
  });

  for (const [language, available, owes] of [
    ['zh', '可提现金额', /^待补扣 ¥70\.00：.*之后的收入会先用于补扣/],
    ['en', 'Available to withdraw', /^You owe CN¥70\.00: .*later income settles it first\.$/],
  ] as const) {
    await page.goto(regionUrl('domestic', `/property?lang=${language}`));
    const figures = page.getByRole('main').getByRole('region', { name: available });
    await expect(figures.getByText(/^(CN)?¥0\.00$/)).toBeVisible();
    await expect(figures.getByText(owes)).toBeVisible();
  }
  await expectAccessible(page, 'the income screen with income owed');
  await expectNothingClipped(page, TEXTS);

  await page.goto(regionUrl('domestic', '/account?lang=en'));
  await page.getByRole('main').getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close account' });
  await expect(dialog.getByRole('listitem').filter({ hasText: 'CN¥70.00 owed for sales refunded' })).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'A withdrawal of CN¥70.00 already asked for' }),
  ).toBeVisible();
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of ['zh', 'en', 'ru'] as const) {
    test(`fits a phone in ${language}`, async ({ page, request }) => {
      const user = await author(request);
      await signInAndOpen(page, user, `/property?lang=${language}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: /提现|Withdraw|Вывести/ })).toBeVisible();
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `property-${language}-390.png`), fullPage: true });
      await main.getByRole('tab').nth(1).click();
      await expect(main.getByRole('list').first()).toBeVisible();
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `property-record-${language}-390.png`), fullPage: true });
    });
  }
});
