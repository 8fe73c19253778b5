import type { Page } from '@playwright/test';
import {
  type TestUser,
  domesticUrl,
  expect,
  overseasUrl,
  registerUser,
  runAdmin,
  signInAs,
  test,
} from '../fixtures.js';
import { menuHrefs } from '../menu.js';

// Spec 01 §2 and spec 02 §2: the team entry appears once team information has loaded, for a
// user with a team, and goes when the team does (menus.spec.ts: no team, no entry).

/** The tab became visible again: every query on show reloads (lib/query-client.ts). */
async function returnToTab(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

let diagramOwner: TestUser;
let projectMember: TestUser;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  let projectOwner: TestUser;
  [diagramOwner, projectOwner, projectMember] = await Promise.all([
    registerUser(request, { region: 'domestic' }),
    registerUser(request, { region: 'overseas' }),
    registerUser(request, { region: 'overseas' }),
  ]);
  await request.dispose();

  await runAdmin([
    'team:create',
    '--product',
    'max',
    '--name',
    'Diagram crew',
    '--owner',
    diagramOwner.email,
    '--members',
    '5',
  ]);
  const project = (await runAdmin([
    ...['team:create', '--product', 'proj', '--name', 'Plan makers'],
    ...['--owner', projectOwner.email, '--members', '3'],
  ])) as { id: number };
  await runAdmin(['team:add-member', '--team', String(project.id), '--user', projectMember.email]);
});

test('a team owner gets the team entry, a real link that opens the team screen', async ({ page }) => {
  await signInAs(page, diagramOwner);
  await page.goto(domesticUrl('/account?lang=en'));
  await expect(
    page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Team' }),
  ).toBeVisible();
  expect(await menuHrefs(page)).toEqual(
    [
      ...[
        '/account',
        '/order',
        '/devices',
        '/property',
        '/bind',
        '/message',
        '/coupon',
        '/template',
        '/aipoint',
        '/course',
      ],
      '/team',
    ].map((href) => `${href}?lang=en`),
  );
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  expect(page.url()).toBe(domesticUrl('/team?lang=en'));
});

test('a plain member of a project team gets the entry in the overseas build too', async ({ page }) => {
  await signInAs(page, projectMember);
  await page.goto(overseasUrl('/team'));
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  expect(await menuHrefs(page)).toEqual(['/account', '/order', '/license', '/devices', '/aipoint', '/team']);
});

test('the entry goes when the team is deleted, and the team route goes to account', async ({ page }) => {
  const owner = await registerUser(page.request, { region: 'domestic' });
  const team = (await runAdmin([
    ...['team:create', '--product', 'max', '--name', 'Short lived'],
    ...['--owner', owner.email, '--members', '2'],
  ])) as { id: number };
  await signInAs(page, owner);
  await page.goto(domesticUrl('/team?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  await runAdmin(['team:delete', '--team', String(team.id)]);
  await returnToTab(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  expect(page.url()).toBe(domesticUrl('/account?lang=en'));
  expect(await menuHrefs(page)).not.toContain('/team?lang=en');
});

test('a company member gets the entry (the team page hosts the mind-map company)', async ({ page }) => {
  const member = await registerUser(page.request, { region: 'domestic' });
  const creator = await registerUser(page.request, { region: 'domestic' });
  const company = (await runAdmin([
    ...['company:create', '--name', 'Idea Works', '--owner', creator.email],
    ...['--seats', '2', '--lifelong'],
  ])) as { id: number };
  await runAdmin(['company:add-member', '--company', String(company.id), '--user', member.email]);
  await signInAs(page, member);
  await page.goto(domesticUrl('/account?lang=en'));
  await expect(
    page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Team' }),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('the tab strip brings the team tab into view once it arrives', async ({ page }) => {
    await signInAs(page, diagramOwner);
    await page.goto(domesticUrl('/team?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const tab = page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Team' });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expect(tab).toBeInViewport();
  });
});
