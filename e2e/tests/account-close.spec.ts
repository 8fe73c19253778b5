import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Region } from '@account-centre/contract';
import {
  type TestUser,
  createUser,
  expect,
  logIn,
  regionUrl,
  registerUser,
  runAdmin,
  serviceCall,
  SESSION_STORAGE_KEY,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectAccessible } from '../accessibility.js';
import { expectNothingClipped } from '../layout.js';
import { codeFor, newestOutboxId, uniqueMobile } from '../outbox.js';
import { DOMESTIC_HOST, OVERSEAS_HOST, SERVER_ORIGIN } from '../ports.js';
import { hostMessages, recordHostMessages } from '../desktop-host.js';
import { artifacts, SCREENS, useScreen } from '../screens.js';

/** The company home of each region, as the web build points at it (nav-links.ts defaults). */
const COMPANY_HOME: Record<Region, string> = {
  domestic: 'https://www.example.cn/',
  overseas: 'https://www.example.com/',
};

/** The overseas build that offers closing: the Mac store build opened from the mind-map client. */
const MAS_MIND_MAP = 'platform=mas&tend=mindmaster';

// Made by the operator, so no code has gone to them yet and the closing code may be asked for at
// once. The domestic account has an e-mail and a phone, and closes with the phone's code.
const closing: Partial<Record<Region, TestUser & { mobile?: string }>> = {};
test.beforeAll(async () => {
  const mobile = uniqueMobile();
  closing.domestic = { ...(await createUser('domestic', { mobile })), mobile };
  closing.overseas = await createUser('overseas');
});

/** The company home answers from here, so no outside network is needed. */
async function serveCompanyHome(page: Page, region: Region) {
  await page.route(`${COMPANY_HOME[region]}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Company home</title><h1>Company home</h1>' }),
  );
}

/**
 * Gives `user` what the confirmation then names: a company space it created, a template sale's
 * income, AI points, template credit.
 */
async function giveHoldings(request: APIRequestContext, user: TestUser) {
  await runAdmin([
    'company:create',
    '--name',
    `Studio ${user.userId}`,
    '--owner',
    String(user.userId),
    '--seats',
    '3',
    '--lifelong',
  ]);
  await serviceCall(request, 'templates', '/api/internal/income/sale', {
    user_id: user.userId,
    product: 'mm',
    sale_id: `close-${user.userId}`,
    title: 'Weekly planner',
    gross: 10_000,
  });
  await runAdmin(['points:grant', '--user', String(user.userId), '--amount', '1200', '--reason', 'e2e']);
  await runAdmin([
    'points:grant',
    '--user',
    String(user.userId),
    '--amount',
    '450',
    '--reason',
    'e2e',
    '--kind',
    'template_credit',
  ]);
}

/** Whether an access token still works against the API. */
async function tokenWorks(request: APIRequestContext, user: TestUser, token: string): Promise<boolean> {
  const response = await request.get(`${SERVER_ORIGIN}/api/user/${user.userId}`, {
    headers: { Host: user.region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST, Authorization: `Bearer ${token}` },
  });
  return response.ok();
}

async function openConfirmation(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Close account' }).click();
  return page.getByRole('dialog', { name: 'Close account' });
}

/**
 * Walks the dialog as its owner: the confirmation, a code of purpose 11 to `address` (the
 * account's e-mail or phone, read from the outbox), then closes. The address may have been sent
 * a code less than a minute ago: the server then refuses another one and the button counts down
 * to when it accepts again.
 */
async function closeWithCode(page: Page, request: APIRequestContext, user: TestUser, address: string) {
  const dialog = await openConfirmation(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Tick the box to go on')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /I understand/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  if (address !== user.email) {
    // Both addresses are offered, masked; the e-mail first.
    await expect(dialog.getByRole('radio', { name: /^E-mail [a-z0-9]{2}\*{4}$/ })).toBeChecked();
    await dialog.getByRole('radio', { name: `Phone ${address.slice(0, 3)}****${address.slice(-4)}` }).check();
  }

  const send = dialog.getByRole('button', { name: /^(Send code|Resend in \d+ s)$/ });
  const before = await newestOutboxId(request, user.region, address);
  await send.click();
  await expect(send).toHaveText(/Resend in \d+ s/);
  // The account is new and no code has gone to it; should the send be refused all the same,
  // the countdown runs out and the code is asked for again.
  if ((await newestOutboxId(request, user.region, address)) === before) {
    await expect(send).toHaveText('Send code', { timeout: 70_000 });
    await send.click();
    await expect(send).toHaveText(/Resend in \d+ s/);
  }
  const code = await codeFor(request, user.region, address, before);

  // A wrong code is refused in words and closes nothing.
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Close account permanently' }).click();
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.screenshot({
    path: path.join(artifacts, `account-close-code-${user.region}-en-1440.png`),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: 'Close account permanently' }).click();
}

/** After closing: the tip, no session left in the page, the company home 3 s later, no sign-in. */
async function expectClosedAndGone(page: Page, request: APIRequestContext, user: TestUser, token: string) {
  await expect(page.getByText('Account closed')).toBeVisible();
  const tipShown = Date.now();
  await expect(page.getByText('You will be taken to our home page in 3 s')).toBeVisible();
  await page.screenshot({
    path: path.join(artifacts, `account-close-tip-${user.region}-en-1440.png`),
    animations: 'disabled',
  });
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();

  await page.waitForURL(COMPANY_HOME[user.region], { timeout: 10_000 });
  expect(Date.now() - tipShown).toBeGreaterThan(2_000);
  await expect(page.getByRole('heading', { name: 'Company home' })).toBeVisible();

  await expect(logIn(request, user)).rejects.toThrow(/answered 4\d\d/);
  expect(await tokenWorks(request, user, token)).toBe(false);
}

test.describe('closing the account', () => {
  for (const screen of SCREENS) {
    const { width } = screen;
    test.describe(`${width} px`, () => {
      useScreen(screen);

      for (const [language, region, query] of [
        ['zh', 'domestic', ''],
        ['en', 'overseas', `&${MAS_MIND_MAP}`],
      ] as const) {
        test(`the confirmation in ${language} fits without clipped text`, async ({ page, request }) => {
          const user = await registerUser(request, { region });
          await giveHoldings(request, user);
          await signInAndOpen(page, user, `/account?lang=${language}${query}`);
          const name = language === 'zh' ? '注销账号' : 'Close account';
          await page.getByRole('main').getByRole('button', { name }).click();
          const dialog = page.getByRole('dialog', { name });
          await expect(dialog.getByRole('checkbox')).toBeVisible();
          // What the account holds: four lines under the four of what closing does.
          await expect(dialog.getByRole('listitem')).toHaveCount(8);
          await expectNothingClipped(
            page,
            '[role="dialog"] h2, [role="dialog"] button, [role="dialog"] label, [role="dialog"] li',
          );
          await expectAccessible(page, `the closing confirmation in ${language} at ${width} px`);
          await page.screenshot({
            path: path.join(artifacts, `account-close-${language}-${width}.png`),
            animations: 'disabled',
          });
        });
      }
    });
  }

  test('domestic: closed with a code from the outbox, then the company home; it cannot sign in again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = closing.domestic as TestUser & { mobile: string };
    await serveCompanyHome(page, 'domestic');
    const session = await signInAs(page, user);
    await page.goto(regionUrl('domestic', '/account?lang=en'));
    // Domestic: merging accounts beside closing.
    const actions = page.getByRole('region', { name: 'Account management' });
    await expect(actions.getByRole('link', { name: 'Merge accounts' })).toHaveAttribute(
      'href',
      'https://www.example.cn/account/merge',
    );
    // What it holds is named before the owner confirms.
    await giveHoldings(request, user);
    const dialog = await openConfirmation(page);
    const holdings = dialog.getByRole('alert').filter({ hasText: 'This account still holds' });
    await expect(holdings.getByRole('listitem')).toHaveText([
      'The company space you created, which is left without its creator: its members stay, and customer service can hand it to someone else.',
      '1,200 AI points, which are lost.',
      'CN¥4.50 of template credit, which is lost.',
      'CN¥70.00 of income not yet withdrawn, which is lost.',
    ]);
    await expectAccessible(page, 'the closing confirmation with what the account holds');
    await page.screenshot({
      path: path.join(artifacts, `account-close-holdings-domestic-en-1440.png`),
      animations: 'disabled',
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await closeWithCode(page, request, user, user.mobile);
    await expectClosedAndGone(page, request, user, session.token);
    // Nor with the phone.
    await expect(logIn(request, { ...user, email: user.mobile })).rejects.toThrow(/answered 4\d\d/);
  });

  test('overseas: offered only in the Mac store build of the mind-map client, and closes there', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = closing.overseas as TestUser;
    await serveCompanyHome(page, 'overseas');
    const session = await signInAs(page, user);

    await page.goto(regionUrl('overseas', '/account?lang=en'));
    await expect(page.getByRole('main').getByTestId('user-id')).toHaveText(String(user.userId));
    await expect(page.getByRole('button', { name: 'Close account' })).toHaveCount(0);

    await page.goto(regionUrl('overseas', `/account?lang=en&${MAS_MIND_MAP}`));
    await expect(page.getByRole('link', { name: 'Merge accounts' })).toHaveCount(0);
    await closeWithCode(page, request, user, user.email);
    await expectClosedAndGone(page, request, user, session.token);
  });
});

/**
 * Acts as a desktop client (`from`): the host object with its version and the capabilities it
 * declares, recording what it is sent.
 */
async function openInDesktopClient(
  page: Page,
  user: TestUser,
  client: { from: 'mindmaster' | 'maxPC'; version?: string; capabilities?: string[] },
) {
  await recordHostMessages(page, client);
  const session = await signInAs(page, user);
  await page.goto(regionUrl(user.region, `/account?lang=en&from=${client.from}`));
  await expect(page.getByRole('main').getByTestId('user-id')).toHaveText(String(user.userId));
  return session;
}

const openInMindMapClient = (page: Page, user: TestUser, version: string) =>
  openInDesktopClient(page, user, { from: 'mindmaster', version });

test.describe('signing out in the desktop client', () => {
  for (const version of ['12.2.15', '13.0']) {
    test(`the mind-map client ${version} shows the link`, async ({ page, request }) => {
      const user = await registerUser(request, { region: 'overseas' });
      await openInMindMapClient(page, user, version);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign out' })).toBeVisible();
    });
  }

  test('the mind-map client 12.2.9 does not', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'overseas' });
    await openInMindMapClient(page, user, '12.2.9');
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });

  test('the diagram client shows the link when it declares it can sign out', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await openInDesktopClient(page, user, { from: 'maxPC', capabilities: ['signOut'] });
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('the diagram client without that capability gets no link', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await openInDesktopClient(page, user, { from: 'maxPC', capabilities: [] });
    await expect(page.getByRole('main').getByTestId('user-id')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });

  test('ends the session on the server and tells the client to sign out', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    const session = await openInMindMapClient(page, user, '12.2.15');
    expect(await tokenWorks(request, user, session.token)).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => hostMessages(page, 'signOut'))
      .toEqual([{ channel: 'account-centre', type: 'signOut', payload: {} }]);
    expect(await tokenWorks(request, user, session.token)).toBe(false);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });
});
