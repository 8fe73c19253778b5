import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.js';
import {
  createTicket,
  customParam,
  demoUser,
  domesticUrl,
  expect,
  harnessUrl,
  logIn,
  registerUser,
  regionUrl,
  runAdminBatch,
  signInAs,
  test,
  type TestUser,
  uniqueEmail,
} from '../fixtures.js';
import { expectNothingClipped } from '../layout.js';
import { payInSecondTab, payUrlOf } from '../payments.js';

// Spec 02 §2 "Team page", §4, §5, §8 and §7's group order calls; issue 16. The diagram and
// project teams; the mind-map product's company page comes with the companies issue.

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const TEXTS = 'main h1, main h2, main button, main label, main th, main td, [role="dialog"] button';

type Region = 'domestic' | 'overseas';

interface Crew {
  id: number;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  /** Plans in the order given, by id. */
  plans: number[];
}

/**
 * A team of `product` as an operator makes it: an owner, an admin and a member, its plans
 * (`type:seats`), and each plan's seats held by the people named (`owner`, `admin`, `member`).
 */
async function crew(
  request: APIRequestContext,
  region: Region,
  options: { product?: 'max' | 'proj'; plans: string[]; seats?: Record<number, ('owner' | 'admin' | 'member')[]> },
): Promise<Crew> {
  const [owner, admin, member] = await Promise.all(
    ['owner', 'ann', 'max'].map((prefix) => registerUser(request, { region, email: uniqueEmail(prefix) })),
  );
  const [team] = (await runAdminBatch([
    [
      ...['team:create', '--product', options.product ?? 'max', '--name', 'Studio crew'],
      ...['--owner', owner!.email, '--members', '20'],
    ],
  ])) as { id: number }[];
  const made = (await runAdminBatch([
    ['team:add-member', '--team', String(team!.id), '--user', admin!.email, '--role', 'admin'],
    ['team:add-member', '--team', String(team!.id), '--user', member!.email],
    ...options.plans.map((plan) => {
      const [type, seats] = plan.split(':');
      return ['team:plan-add', '--team', String(team!.id), '--type', type!, '--seats', seats!];
    }),
  ])) as { id: number }[];
  const plans = made.slice(2).map((plan) => plan.id);
  const people = { owner: owner!, admin: admin!, member: member! };
  const seats = Object.entries(options.seats ?? {}).flatMap(([index, holders]) =>
    holders.map((who) => [
      ...['team:authorize', '--team', String(team!.id), '--plan', String(plans[Number(index)])],
      ...['--user', people[who].email],
    ]),
  );
  if (seats.length > 0) await runAdminBatch(seats);
  return { id: team!.id, ...people, plans };
}

/** Registered people of the region, in no team: whom an owner adds. */
const newcomers = (request: APIRequestContext, region: Region, count: number) =>
  Promise.all(Array.from({ length: count }, () => registerUser(request, { region, email: uniqueEmail('joiner') })));

const dialog = (page: Page | Frame) => page.getByRole('dialog');
const memberRow = (page: Page | Frame, email: string) =>
  page.getByRole('main').getByRole('row').filter({ hasText: email });

/** Ticks the plan of the plan selection whose row names `plan`, and confirms. */
async function choosePlan(page: Page | Frame, plan: RegExp) {
  await dialog(page).getByRole('checkbox', { name: plan }).check();
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
}

/**
 * axe on the page once the toasts have gone: a toast fading out is drawn half transparent, and
 * its text would be measured against the page at that moment.
 */
async function expectAccessibleNow(page: Page, where: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, where);
}

async function expectSuccess(page: Page | Frame) {
  // The latest of the toasts, which stay a few seconds each.
  await expect(page.getByText('Success', { exact: true }).last()).toBeVisible();
  await expect(dialog(page)).toBeHidden();
}

test('an owner adds by e-mail and by a pasted list, authorizes and unauthorizes themself, edits a role, meets the seat limit and hands the team over', async ({
  page,
  request,
}) => {
  test.slow();
  // Plan 0: one year, 2 seats, both taken; plan 1: lifetime, 10 seats.
  const team = await crew(request, 'domestic', { plans: ['61:2', '62:10'], seats: { 0: ['admin', 'member'] } });
  const joiners = await newcomers(request, 'domestic', 5);
  await signInAs(page, team.owner);
  await page.goto(domesticUrl('/team?lang=en'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(main.getByText('Studio crew')).toBeVisible();
  await expect(memberRow(page, team.admin.email)).toContainText('Admin');
  await expectAccessibleNow(page, 'the owner’s team page');

  // Add user: one contact, checked as typed; two live plans → the plan selection.
  await main.getByRole('button', { name: 'Add user' }).click();
  const contact = dialog(page).getByRole('textbox', { name: 'Email, mobile number or user ID' });
  await contact.fill('not-an-address@');
  await expect(dialog(page).getByText('Enter a valid email address.')).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await contact.fill(joiners[0]!.email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Choose plans' })).toBeVisible();
  // Confirm is blocked until a plan is chosen.
  await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expectAccessibleNow(page, 'the plan selection');
  await choosePlan(page, /^Team lifetime/);
  await expectSuccess(page);
  await expect(memberRow(page, joiners[0]!.email)).toContainText('Team lifetime');

  // Multiple add: empty and mixed input are refused, three pasted with the spec's separators.
  await main.getByRole('button', { name: 'Add user' }).click();
  await dialog(page).getByRole('button', { name: 'Add several users at once' }).click();
  const box = dialog(page).getByRole('textbox', { name: /Email addresses/ });
  await expect(box).toHaveAttribute('rows', '10');
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The email cannot be empty.')).toBeVisible();
  await box.fill(`${joiners[1]!.email}, 12345`);
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('No valid email address recognized.')).toBeVisible();
  await box.fill(`${joiners[1]!.email}，${joiners[2]!.email};\n${joiners[3]!.email}`);
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  const recognised = dialog(page).getByRole('table', { name: 'Recognised users' });
  for (const joiner of joiners.slice(1, 4)) await expect(recognised).toContainText(joiner.email);
  await expectAccessibleNow(page, 'the multiple add’s second step');
  await dialog(page).getByRole('button', { name: 'Previous' }).click();
  await expect(box).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await choosePlan(page, /^Team lifetime/);
  await expectSuccess(page);
  for (const joiner of joiners.slice(1, 4)) await expect(memberRow(page, joiner.email)).toBeVisible();

  // Own seats: the owner holds none; the one-year plan is full, so only the lifetime one applies.
  // Two live plans the owner lacks (the full one included: a full plan is not disabled, it
  // answers with the upgrade prompt), so the confirmation leads to the plan selection.
  await main.getByRole('button', { name: 'Authorize myself' }).click();
  await expect(dialog(page)).toContainText('You take a seat of the plan');
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await choosePlan(page, /^Team lifetime/);
  await expectSuccess(page);
  await expect(memberRow(page, team.owner.email)).toContainText('Team lifetime');
  await main.getByRole('button', { name: 'Unauthorize myself' }).click();
  await expect(dialog(page)).toContainText('lose its premium features');
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expectSuccess(page);
  await expect(memberRow(page, team.owner.email)).toContainText('Not authorized');

  // Edit a role: the member becomes an admin.
  await memberRow(page, team.member.email)
    .getByRole('button', { name: /^Edit / })
    .click();
  await dialog(page).getByRole('radio', { name: 'Admin' }).check();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page);
  await expect(memberRow(page, team.member.email)).toContainText('Admin');

  // The seat limit: the one-year plan is full → the upgrade prompt, without buttons in the domestic build.
  await main.getByRole('button', { name: 'Add user' }).click();
  await dialog(page).getByRole('textbox', { name: 'Email, mobile number or user ID' }).fill(joiners[4]!.email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await choosePlan(page, /^Team annual/);
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your team' });
  await expect(upgrade).toContainText('You have reached the maximum number of team members, upgrade to get more.');
  await expect(upgrade.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await expectAccessibleNow(page, 'the upgrade prompt');
  await page.keyboard.press('Escape');
  await expect(upgrade).toBeHidden();
  await expect(memberRow(page, joiners[4]!.email)).toHaveCount(0);

  // Hand the team over to the admin and stay as a member: the page becomes read-only.
  await main.getByRole('button', { name: 'Transfer team' }).click();
  await dialog(page).getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog(page).getByText('Select a team member.')).toBeVisible();
  await dialog(page)
    .getByRole('radio', { name: new RegExp(team.admin.email.split('@')[0]!) })
    .check();
  await dialog(page).getByRole('radio', { name: 'Stay in the team as a member' }).check();
  await expectAccessibleNow(page, 'the transfer dialog');
  await dialog(page).getByRole('button', { name: 'Transfer' }).click();
  // One click sends nothing: the dialog asks again, naming the new owner, from the keyboard too.
  const question = page.getByRole('dialog', { name: 'Hand the team over?' });
  await expect(question).toContainText(/becomes the owner of/);
  await expect(question).toContainText('You stay in the team as a member.');
  await expect(memberRow(page, team.owner.email)).toContainText('Owner');
  await expectAccessibleNow(page, 'the transfer question');
  await expect(question.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: /^Transfer to / })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectSuccess(page);
  await expect(memberRow(page, team.admin.email)).toContainText('Owner');
  await expect(memberRow(page, team.owner.email)).toContainText('Member');
  await expect(main.getByRole('button', { name: 'Transfer team' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test('an admin’s view and a member’s view: what each may do, by the roles of spec 02 §6', async ({ page, request }) => {
  const team = await crew(request, 'domestic', { plans: ['61:5'] });
  const main = page.getByRole('main');
  await signInAs(page, team.admin);
  await page.goto(domesticUrl('/team?lang=en'));
  await expect(memberRow(page, team.member.email)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add user' })).toBeEnabled();
  await expect(main.getByRole('button', { name: 'Transfer team' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Authorize myself' })).toHaveCount(0);
  // The owner's row is not theirs to change; a plain member's is, and their own.
  await expect(memberRow(page, team.owner.email).getByRole('button')).toHaveCount(0);
  await expect(memberRow(page, team.member.email).getByRole('button', { name: /^Edit / })).toBeVisible();
  // The admin gives the member role only.
  await main.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog(page).getByRole('radio', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The name is the owner's to change.
  await expect(main.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expectAccessibleNow(page, 'an admin’s team page');

  await signInAs(page, team.member);
  await page.goto(domesticUrl('/team?lang=en'));
  await expect(memberRow(page, team.admin.email)).toBeVisible();
  for (const name of ['Add user', 'Remove', 'Add authorization plan']) {
    const button = main.getByRole('button', { name, exact: true });
    if ((await button.count()) > 0) await expect(button).toBeDisabled();
  }
  await expect(main.getByRole('button', { name: /^(Edit|Remove) / })).toHaveCount(0);
  // Nothing to select for someone who changes nothing.
  for (const box of await main.getByRole('checkbox').all()) await expect(box).toBeDisabled();
  // The plan tab reads the same for everyone.
  await main.getByRole('tab', { name: 'Plan' }).click();
  await expect(main.getByRole('table')).toContainText('Team annual');
  await expectAccessibleNow(page, 'a member’s plan tab');
});

test('in Chinese: the owner renames the team, searches the members, meets the add-failed prompt; an admin who leaves sees the team info reset', async ({
  page,
  request,
}) => {
  const team = await crew(request, 'domestic', { plans: ['61:5'] });
  const elsewhere = await crew(request, 'domestic', { plans: ['61:5'] });
  const main = page.getByRole('main');
  await signInAs(page, team.owner);
  await page.goto(domesticUrl('/team'));
  await expect(main.getByRole('heading', { level: 1, name: '团队管理' })).toBeVisible();

  // Rename: empty after trimming is not saved; a real name is.
  await main.getByRole('button', { name: '重命名' }).click();
  await main.getByRole('textbox', { name: '团队名称' }).fill('   ');
  await main.getByRole('textbox', { name: '团队名称' }).press('Enter');
  await expect(main.getByText('Studio crew')).toBeVisible();
  await main.getByRole('button', { name: '重命名' }).click();
  await main.getByRole('textbox', { name: '团队名称' }).fill('  设计部  ');
  await main.getByRole('textbox', { name: '团队名称' }).press('Enter');
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await expect(main.getByText('设计部', { exact: true })).toBeVisible();

  // Search by e-mail or name; clearing it brings every member back.
  const search = main.getByRole('textbox', { name: '搜索成员' });
  await search.fill(team.admin.email.slice(0, 12));
  await expect(memberRow(page, team.admin.email)).toBeVisible();
  await expect(memberRow(page, team.member.email)).toHaveCount(0);
  await search.fill('');
  await expect(memberRow(page, team.member.email)).toBeVisible();

  // Someone in another team is not recognised: the add-failed prompt and its four reasons.
  await main.getByRole('button', { name: '添加用户' }).click();
  await dialog(page).getByRole('textbox', { name: '邮箱、手机号或用户 ID' }).fill(elsewhere.member.email);
  await dialog(page).getByRole('button', { name: '确定' }).click();
  const failed = page.getByRole('dialog', { name: '添加失败' });
  for (const reason of [
    '该成员尚未注册账号。',
    '该成员拥有自己的团队或其他团队。',
    '该成员已加入自己的团队或其他团队。',
    '该成员拥有终身订阅。',
  ])
    await expect(failed).toContainText(reason);
  await expectAccessibleNow(page, 'the add-failed prompt');
  await page.keyboard.press('Escape');

  // An admin removes themself in the domestic build: the team info is read again, and with no
  // team left the page goes to the account.
  await signInAs(page, team.admin);
  await page.goto(domesticUrl('/team'));
  await memberRow(page, team.admin.email).getByRole('button', { name: /^移除/ }).click();
  await dialog(page).getByRole('button', { name: '移除' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('overseas: the upgrade prompt leads to seats for the team, paid by card, and an admin who leaves goes back to the account', async ({
  page,
  request,
}) => {
  const team = await crew(request, 'overseas', { plans: ['61:1'], seats: { 0: ['member'] } });
  const [joiner] = await newcomers(request, 'overseas', 1);
  const main = page.getByRole('main');
  await signInAs(page, team.owner);
  await page.goto(regionUrl('overseas', '/team?lang=en'));
  await main.getByRole('button', { name: 'Add user' }).click();
  // No mobile numbers outside the domestic build.
  await dialog(page).getByRole('textbox', { name: 'Email or user ID' }).fill(joiner!.email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your team' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessibleNow(page, 'the overseas upgrade prompt');

  // Business pricing for this team, in place: a year, three years or a lifetime, by the seat.
  await upgrade.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/buy\?lang=en&team=max$/);
  await expect(main.getByRole('heading', { name: 'More seats for Studio crew' })).toBeVisible();
  await expect(main.getByText('Members: 3 of 20 places')).toBeVisible();
  const terms = main.getByRole('radiogroup', { name: 'Business plan' }).getByRole('radio');
  await expect(terms).toHaveCount(3);
  await expect(main.getByRole('radio', { name: /^Lifetime/ })).toBeChecked();
  await expect(main.getByRole('radio', { name: /2 years/ })).toHaveCount(0);
  await main.getByRole('radio', { name: /^3 years/ }).check();
  await main.getByRole('spinbutton', { name: 'Seats' }).fill('2');
  await expect(main.getByText('Team plan for Studio crew, 3 years, seats: 2')).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'team-upgrade-overseas-en-1440.png'), fullPage: true });
  await expectNothingClipped(page, 'main h2, main label, main button, main p');
  await expectAccessible(page, 'the team upgrade purchase');
  await main.getByRole('button', { name: /^Pay \$238\.00$/ }).click();
  await payInSecondTab(page, await payUrlOf(page, /Pay by card/));
  await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await main.getByRole('link', { name: 'Back to your team' }).click();

  // The three-year plan bought has two free seats and the team two more places: the joiner is added on it.
  await expect(page).toHaveURL(/\/team\?lang=en$/);
  await main.getByRole('button', { name: 'Add user' }).click();
  await dialog(page).getByRole('textbox', { name: 'Email or user ID' }).fill(joiner!.email);
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await choosePlan(page, /^Team 3-year/);
  await expectSuccess(page);
  await expect(memberRow(page, joiner!.email)).toContainText('Team 3-year');

  // At 390 px, as a phone shows it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(regionUrl('overseas', '/buy?team=max&lang=en'));
  await expect(main.getByText('Members: 4 of 22 places')).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'team-upgrade-overseas-en-390.png'), fullPage: true });
  await expectNothingClipped(page, 'main h2, main label, main button, main p');
  await expectAccessible(page, 'the team upgrade purchase at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The admin removes themself: the team entry goes and the page returns to the account.
  await signInAs(page, team.admin, regionUrl('overseas'));
  await page.goto(regionUrl('overseas', '/team?lang=en'));
  await memberRow(page, team.admin.email)
    .getByRole('button', { name: /^Remove / })
    .click();
  await dialog(page).getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/account\?lang=en$/);
  await expect(
    page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Team' }),
  ).toHaveCount(0);
});

test('in the tablet frame the team page works in place', async ({ page, request }) => {
  const team = await crew(request, 'domestic', { product: 'proj', plans: ['72:3'] });
  const [joiner] = await newcomers(request, 'domestic', 1);
  const session = await logIn(request, team.owner);
  const ticket = await createTicket(request, team.owner, session.token);
  const custom = encodeURIComponent(customParam({ user_id: team.owner.userId, ticket }));
  await page.goto(harnessUrl(domesticUrl(`/team?platform=tablet&lang=en&custom=${custom}`)));
  const frame = page.frame({ url: (url) => url.pathname === '/team' });
  if (!frame) throw new Error('the harness did not frame the app');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  // The project team: no member count, no transfer.
  await expect(frame.getByRole('main').getByText('Studio crew')).toBeVisible();
  await expect(frame.getByRole('main').getByText('Members:')).toHaveCount(0);
  await frame.getByRole('main').getByRole('button', { name: 'Add user' }).click();
  await dialog(frame)
    .getByRole('textbox', { name: /^Email/ })
    .fill(joiner!.email);
  // One plan: added directly.
  await dialog(frame).getByRole('button', { name: 'Confirm' }).click();
  await expectSuccess(frame);
  await expect(memberRow(frame, joiner!.email)).toContainText('30-day team trial');
});

test('the demo’s teams at 1440, 1024 and 390 px in zh, en and ru: two pages of members, the plan tab, the member’s view', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, demoUser());
  const main = page.getByRole('main');
  for (const [language, width] of [
    ['zh', 1440],
    ['en', 1440],
    ['ru', 1440],
    ['en', 1024],
    ['ru', 1024],
    ['zh', 390],
    ['en', 390],
    ['ru', 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 1024 ? 768 : 900 });
    // The diagram build's address: the page opens on its team (the demo's company comes first otherwise).
    await page.goto(domesticUrl(`/team?lang=${language}&tend=max`));
    await expect(main.getByText('Design team')).toBeVisible();
    await expect(main.getByText('Demo Admin 2')).toBeVisible();
    await expectNothingClipped(page, TEXTS);
    await page.screenshot({ path: path.join(artifacts, `team-${language}-${width}.png`), fullPage: true });
    if (language === 'en' && width === 1440) {
      // Two pages of members, the second read once and kept.
      await main.getByLabel('Member pages').getByRole('button', { name: '2', exact: true }).click();
      await expect(main.getByText('Demo Member 10')).toBeVisible();
      await expectAccessibleNow(page, 'the demo team’s second page');
      await main.getByRole('tab', { name: 'Plan' }).click();
      await expect(main.getByRole('table')).toContainText('90-day team trial');
      await expect(main.getByRole('table')).toContainText('(expired)');
      await page.screenshot({ path: path.join(artifacts, 'team-en-1440-plans.png'), fullPage: true });
      // The project team, where the demo is a plain member.
      await main.getByText('Project', { exact: true }).click();
      await expect(main.getByText('Roadmap team')).toBeVisible();
      await expect(main.getByRole('button', { name: /^Edit / })).toHaveCount(0);
      await expectAccessibleNow(page, 'the member’s view of the project team');
      await page.screenshot({ path: path.join(artifacts, 'team-en-1440-member.png'), fullPage: true });
    }
    if (width === 1024) {
      // A desktop window too narrow for the table's columns beside the menu: the members as
      // cards, every action in view rather than behind a sideways scroll.
      await expect(main.getByRole('table')).toHaveCount(0);
      const actions = main.getByRole('listitem').getByRole('button');
      await expect(actions.first()).toBeVisible();
      for (const action of await actions.all()) {
        const box = await action.boundingBox();
        expect(box, 'a member action laid out').not.toBeNull();
        expect(box!.x + box!.width, 'a member action inside the window').toBeLessThanOrEqual(1024);
      }
      await expectAccessibleNow(page, `the team page at 1024 px in ${language}`);
    }
    if (width === 390) await expectAccessibleNow(page, `the team page at 390 px in ${language}`);
  }
});
