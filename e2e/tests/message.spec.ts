import path from 'node:path';
import { expectAccessible } from '../accessibility.js';
import { recordHostMessages, urlsOpenedOutside } from '../desktop-host.js';
import {
  type TestUser,
  expect,
  regionUrl,
  registerUser,
  runAdmin,
  runAdminBatch,
  signInAndOpen,
  test,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Messages screen", §3, §4 "Notifications" (auto-read), §7 getMessage; issue 15.

const TEXTS = 'main h1, main a, main li';

const sendArgs = (user: TestUser, content: string, type: 'system' | 'other' = 'system') => [
  'notice:send',
  '--to',
  'users',
  '--users',
  String(user.userId),
  '--type',
  type,
  '--content',
  content,
];

async function send(user: TestUser, content: string) {
  await runAdmin(sendArgs(user, content));
}

/** Twelve messages to one account: two pages, ten and two; every third a notice, the rest system messages. */
async function twelveMessages(user: TestUser) {
  await runAdminBatch(
    Array.from({ length: 12 }, (_, i) =>
      sendArgs(
        user,
        `<p>Message ${i + 1}: your <b>order</b> is ready. <a href="https://www.example.com/orders/${i + 1}">See the order</a></p>`,
        (i + 1) % 3 === 0 ? 'other' : 'system',
      ),
    ),
  );
}

test('unread messages are marked read as their page is seen, and the indicators go', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await twelveMessages(user);
  await signInAndOpen(page, user, '/account?lang=en');
  const menu = page.getByRole('navigation', { name: 'Account sections' });
  // How many, not only that some are.
  await expect(menu.getByRole('link', { name: /Messages\s*12 unread messages/ })).toBeVisible();
  await expect(menu.getByTestId('unread-mark')).toContainText('12');
  const avatar = page.getByRole('button', { name: 'Account menu, 12 unread messages' });
  await avatar.hover();
  await expect(page.getByRole('menuitem', { name: /Messages\s*12 unread messages/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /Messages/ }).click();

  await expect(page).toHaveURL(/\/message\?lang=en$/);
  const list = page.getByRole('main').getByRole('list', { name: 'Your messages' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.getByRole('listitem').filter({ hasText: 'Notice' }).first()).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'System' }).first()).toBeVisible();
  // All were unread when the page arrived: each keeps its mark while the page is on show.
  await expect(list.getByRole('listitem').filter({ hasText: 'New' })).toHaveCount(10);
  const link = list.getByRole('listitem').first().getByRole('link', { name: 'See the order' });
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.example\.com\/orders\/\d+$/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // Page 1's are read now; the screen says where the other two wait.
  await expect(
    page.getByRole('status').filter({ hasText: '2 unread messages. The newest is on page 2.' }),
  ).toBeVisible();
  await expect(menu.getByTestId('unread-mark')).toContainText('2');
  await page.screenshot({ path: path.join(artifacts, 'message-domestic-en-1440.png'), fullPage: true });
  await page.goto(regionUrl('domestic', '/message'));
  await expect(
    list.or(page.getByRole('main').getByRole('list', { name: '你的消息' })).getByRole('listitem'),
  ).toHaveCount(10);
  await page.screenshot({ path: path.join(artifacts, 'message-domestic-zh-1440.png'), fullPage: true });
  await page.goto(regionUrl('domestic', '/message?lang=en'));
  await expectAccessible(page, 'domestic /message');
  await expectNothingClipped(page, TEXTS);

  // Two unread are on page 2: the indicator says so, and the screen opens there.
  await page.goto(regionUrl('domestic', '/account?lang=en'));
  await expect(menu.getByRole('link', { name: /Messages\s*2 unread messages/ })).toBeVisible();
  await menu.getByRole('link', { name: /Messages/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'New' })).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByTestId('unread-mark')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('a message’s scripts, handlers and javascript: links never run', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await send(
    user,
    '<p>Hello<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>' +
      '<a href="javascript:window.pwned=3">click me</a> <a href="https://www.example.com/safe" onclick="window.pwned=4">safe</a></p>',
  );
  await signInAndOpen(page, user, '/message?lang=en');
  const item = page.getByRole('main').getByRole('listitem').first();
  await expect(item).toContainText('Hello');
  await expect(item.locator('img, script, [onclick], [onerror]')).toHaveCount(0);
  await expect(item.getByText('click me')).not.toHaveAttribute('href', /.*/);
  await item.getByText('click me').click();
  await expect(item.getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://www.example.com/safe');
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

test('in the desktop client, a message’s link opens through the host', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  await send(user, '<p>Your receipt is ready. <a href="https://www.example.cn/receipts/7">Open it</a></p>');
  await recordHostMessages(page);
  await signInAndOpen(page, user, '/message?lang=en&from=maxPC');
  await page.getByRole('main').getByRole('link', { name: 'Open it' }).click();
  await expect
    .poll(() => urlsOpenedOutside(page))
    // The host opens it signed in: the company's own sites get the session's one-time ticket.
    .toEqual([expect.stringMatching(/^https:\/\/www\.example\.cn\/receipts\/7\?custom=/)]);
});

test('overseas, where the build has no messages screen, nothing asks for them', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'overseas' });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/api/user/') && request.url().includes('/notification'))
      asked.push(request.url());
  });
  await signInAndOpen(page, user, '/account?lang=en');
  await page.getByRole('button', { name: 'Account menu' }).hover();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Messages/ })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: /Messages/ }),
  ).toHaveCount(0);
  expect(asked).toEqual([]);
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits a phone, with the indicator on the tab strip', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await twelveMessages(user);
    await signInAndOpen(page, user, '/account?lang=ru');
    await expect(page.getByTestId('unread-mark')).toBeVisible();
    for (const language of ['ru', 'zh']) {
      await page.goto(regionUrl('domestic', `/message?lang=${language}`));
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10);
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `message-domestic-${language}-390.png`), fullPage: true });
    }
    await expectAccessible(page, '/message at 390 px');
  });
});
