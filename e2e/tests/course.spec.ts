import path from 'node:path';
import { expectAccessible } from '../accessibility.js';
import { recordHostMessages, urlsOpenedOutside } from '../desktop-host.js';
import {
  type TestUser,
  expect,
  regionUrl,
  registerUser,
  runAdminBatch,
  signInAndOpen,
  signInAs,
  test,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { artifacts } from '../screens.js';

// Spec 01 §2 "Courses screen", §3 course purchased and recommended, §6 (VIP and courses); issue 15.

const TEXTS = 'main h1, main h2, main h3, main a, main li';

/** Courses of this test's own (ids unique to it), two of them held by `user`. */
async function academyFor(user: TestUser) {
  const id = (name: string) => `${name}-${user.userId}`;
  const define = (name: string, title: string, product: string, saleWay: string, price = '0') => [
    ...['course:define', '--id', id(name), '--name', title, '--product', product, '--sale-way', saleWay],
    ...['--price', price, '--link', `https://academy.example.com/courses/${id(name)}`],
  ];
  await runAdminBatch([
    define('uml', 'UML in depth', 'max', '4', '9900'),
    define('notes', 'Study notes with mind maps', 'mind', '3'),
    define('steps', 'Your first mind map', 'mind', '1'),
    define('week', 'Flowcharts this week', 'max', '2'),
    ['course:grant', '--user', String(user.userId), '--course', id('uml'), '--reason', 'e2e'],
    ['course:grant', '--user', String(user.userId), '--course', id('notes'), '--reason', 'e2e'],
  ]);
  return id;
}

test('held courses with their validity, a locked members’ course, and recommendations', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  const id = await academyFor(user);
  await signInAndOpen(page, user, '/course?lang=en');
  const held = page.getByRole('main').getByRole('list', { name: 'My courses' });
  await expect(held.getByRole('listitem')).toHaveCount(2);
  const members = held.getByRole('listitem').filter({ hasText: 'Study notes with mind maps' });
  // Not a member: the members' course is locked, with the way back.
  await expect(members).toContainText('During the membership period');
  await expect(members).toContainText('Locked');
  await expect(members.getByRole('link', { name: 'Renew membership' })).toBeVisible();
  const bought = held.getByRole('listitem').filter({ hasText: 'UML in depth' });
  await expect(bought).toContainText('Yours for good');
  await expect(bought.getByRole('link', { name: 'Watch now' })).toHaveAttribute(
    'href',
    `https://academy.example.com/courses/${id('uml')}`,
  );
  const offered = page.getByRole('main').getByRole('list', { name: 'Recommended for you' });
  await expect(offered.getByRole('listitem').filter({ hasText: 'Your first mind map' })).toContainText('Free');
  await expect(offered.getByRole('listitem').filter({ hasText: 'Flowcharts this week' })).toContainText(
    'Free for a limited time',
  );
  await page.screenshot({ path: path.join(artifacts, 'course-domestic-en-1440.png'), fullPage: true });
  await expectNothingClipped(page, TEXTS);
  await expectAccessible(page, 'domestic /course');

  await page.goto(regionUrl('domestic', '/course'));
  await expect(page.getByRole('main').getByRole('list', { name: '我的课程' }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: path.join(artifacts, 'course-domestic-zh-1440.png'), fullPage: true });
});

test('in the desktop client, watching opens through the host', async ({ page, request }) => {
  const user = await registerUser(request, { region: 'domestic' });
  const id = await academyFor(user);
  await recordHostMessages(page);
  await signInAndOpen(page, user, '/course?lang=en&from=maxPC');
  await page
    .getByRole('main')
    .getByRole('list', { name: 'My courses' })
    .getByRole('listitem')
    .filter({ hasText: 'UML in depth' })
    .getByRole('link', { name: 'Watch now' })
    .click();
  await expect.poll(() => urlsOpenedOutside(page)).toEqual([expect.stringContaining(`/courses/${id('uml')}`)]);
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits a phone', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await academyFor(user);
    await signInAs(page, user);
    for (const language of ['de', 'zh']) {
      await page.goto(regionUrl('domestic', `/course?lang=${language}`));
      await expect(page.getByRole('main').getByRole('list').first().getByRole('listitem')).toHaveCount(2);
      await expectNothingClipped(page, TEXTS);
      await page.screenshot({ path: path.join(artifacts, `course-domestic-${language}-390.png`), fullPage: true });
    }
    await expectAccessible(page, '/course at 390 px');
  });
});
