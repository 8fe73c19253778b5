import {
  addTeamMembersRoute,
  editTeamMembersRoute,
  getCompaniesRoute,
  getCompanyOrdersRoute,
  getTeamMembersRoute,
  getTeamPlansRoute,
  getTeamRoute,
  removeTeamMembersRoute,
  renameTeamRoute,
  screenTeamContactsRoute,
  TeamErrors,
  transferTeamRoute,
} from '@account-centre/contract';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onAppEvent } from '../../lib/app-events';
import { saveSession } from '../../lib/session';
import { failWith, type Success, stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../testing/signed-in';
import { TeamScreen } from './TeamScreen';

const OWNER = 7;
signedInForEachTest(OWNER);

type Team = NonNullable<Success<typeof getTeamRoute>['data']>;
type Member = Success<typeof getTeamMembersRoute>['data'][number];
type Plan = Success<typeof getTeamPlansRoute>['data'][number];

const day = 86_400;
const now = Math.floor(Date.now() / 1000);
const joined = 1_790_000_000;

/** The diagram team's plans: a 90-day plan nearly full, a lifetime plan, a trial that has ended. */
const quarter = { id: 1, type: 74, expire: now + 90 * day, max_num: 5, plan_num: 4, is_expired: false } as const;
const lifetime = { id: 2, type: 62, expire: null, max_num: 20, plan_num: 9, is_expired: false } as const;
const trial = { id: 3, type: 70, expire: now - 20 * day, max_num: 3, plan_num: 1, is_expired: true } as const;

const designTeam = (overrides: Partial<Team> = {}): Team => ({
  id: 40,
  name: 'Design team',
  user_id: OWNER,
  nick_name: 'Olivia Owner',
  role: 1,
  member_num: 13,
  member_limit: 20,
  plan: [quarter, lifetime, trial],
  plan_ids: [quarter.id],
  ...overrides,
});

const person = (userId: number, role: 1 | 2 | 3, name: string, plans: { id: number; type: 74 | 62 | 70 }[] = []) => ({
  user_id: userId,
  nick_name: name,
  avatar_url: null,
  email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
  mobile: null,
  role,
  created_at: joined,
  plan: plans.map((plan) => ({ ...plan, expire: plan.type === 62 ? null : now + 90 * day })),
});

/** Thirteen people: the owner, two admins, ten members — two pages. */
const people: Member[] = [
  person(OWNER, 1, 'Olivia Owner', [quarter]),
  person(8, 2, 'Adam Admin', [quarter]),
  person(9, 2, 'Ada Admin', [lifetime]),
  ...Array.from({ length: 10 }, (_, i) => person(20 + i, 3, `Member ${i + 1}`, i < 2 ? [lifetime] : [])),
];

const choices = (held: number[] = []): Plan[] =>
  [quarter, lifetime, trial].map((plan) => ({ ...plan, authorized: held.includes(plan.id) }));

/** The server of a user in a diagram team (and no company, no project team unless given). */
function teamServer({
  team = designTeam(),
  project = null,
  members = people,
}: { team?: Team | null; project?: Team | null; members?: Member[] } = {}) {
  return stubApi()
    .answer(getCompaniesRoute, { data: [], count: 0 })
    .answer(getTeamRoute, ({ params }) => ({ data: params.product === 'max' ? team : project }))
    .answer(getTeamMembersRoute, ({ query }) => {
      const found = members.filter(
        (member) => !query.search || `${member.email} ${member.nick_name}`.toLowerCase().includes(query.search),
      );
      const offset = Number(query.offset ?? 0);
      return { data: found.slice(offset, offset + Number(query.count ?? 10)), count: found.length };
    })
    .answer(getTeamPlansRoute, ({ query }) => ({
      data: choices(
        query.user_id
          ? (members.find((m) => m.user_id === Number(query.user_id))?.plan ?? []).map((p) => p.id)
          : team?.plan_ids,
      ),
      count: 3,
    }));
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message));

catchToastsForEachTest();

async function openTeam(options: Parameters<typeof renderInLanguage>[1] = {}) {
  const view = await renderInLanguage(<TeamScreen />, { path: '/team', ...options });
  await screen.findByRole('table', { name: 'Members' });
  return view;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('the team screen, as the owner', () => {
  it('opens on the diagram team with its name, owner, size and the owner’s actions', async () => {
    teamServer({ project: designTeam({ id: 41, name: 'Roadmap team', role: 3 }) });
    await openTeam({ build: { region: 'domestic' } });

    expect(screen.getByRole('radio', { name: 'Diagram' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Design team' })).toBeTruthy();
    expect(screen.getByText('Owner:').parentElement?.textContent).toBe('Owner: Olivia Owner');
    expect(screen.getByText('Members:').parentElement?.textContent).toBe('Members: 13 of 20');
    expect(button('Rename')).toBeTruthy();

    // Spec 02 §5: remove and add-plan wait for a selection; the owner's row is never selectable.
    expect(isDisabled(button('Remove'))).toBe(true);
    expect(isDisabled(button('Add authorization plan'))).toBe(true);
    expect(isDisabled(button('Add user'))).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Select Olivia Owner' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Member 1' }));
    expect(isDisabled(button('Remove'))).toBe(false);
    expect(isDisabled(button('Add authorization plan'))).toBe(false);

    // The owner lacks the lifetime plan and holds the 90-day one: both own-seat actions show.
    expect(button('Authorize myself')).toBeTruthy();
    expect(button('Unauthorize myself')).toBeTruthy();
    expect(button('Transfer team')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Olivia Owner' })).toBeNull();
    expect(button('Edit Adam Admin')).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row');
    expect(rows[5]?.textContent).toContain('Team lifetime');
    expect(rows[5]?.textContent).toContain('Never expires');
    expect(rows[2]?.textContent).toContain('90-day team trial');
  });

  it('pages 10 at a time, keeps the pages it has read, and searches after a pause', async () => {
    const api = teamServer();
    await openTeam();
    fireEvent.click(button('2'));
    expect(await screen.findByText('member.10@example.com')).toBeTruthy();
    fireEvent.click(button('1'));
    expect(await screen.findByText('adam.admin@example.com')).toBeTruthy();
    expect(api.callsTo(getTeamMembersRoute).map((call) => call.query.offset)).toEqual(['0', '10']);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search members' }), { target: { value: 'ada' } });
    expect(api.callsTo(getTeamMembersRoute)).toHaveLength(2);
    await waitFor(() => expect(api.callsTo(getTeamMembersRoute).at(-1)?.query.search).toBe('ada'));
    expect(await screen.findByText('ada.admin@example.com')).toBeTruthy();
    expect(screen.queryByText('member.1@example.com')).toBeNull();

    // Clearing the search reads the list again, from a clean cache.
    fireEvent.click(button('Clear search'));
    await waitFor(() => expect(api.callsTo(getTeamMembersRoute)).toHaveLength(4));
    expect(api.callsTo(getTeamMembersRoute).at(-1)?.query).toEqual({ group_id: '40', offset: '0', count: '10' });
  });

  it('renames the team inline, and keeps the old name when the new one is blank', async () => {
    const api = teamServer().answer(renameTeamRoute, { data: designTeam({ name: 'Drawing team' }) });
    await openTeam();
    fireEvent.click(button('Rename'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Team name' }), { target: { value: '   ' } });
    fireEvent.click(button('Save'));
    expect(screen.getByRole('heading', { name: 'Design team' })).toBeTruthy();
    expect(api.callsTo(renameTeamRoute)).toHaveLength(0);

    fireEvent.click(button('Rename'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Team name' }), { target: { value: ' Drawing team ' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(toasts()).toContain('Success'));
    expect(api.callsTo(renameTeamRoute)[0]?.body).toEqual({ group_id: 40, group_name: 'Drawing team' });
  });

  it('reads the team again when the tab becomes visible', async () => {
    const api = teamServer();
    await openTeam();
    const before = api.callsTo(getTeamRoute).length;
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.callsTo(getTeamRoute).length).toBeGreaterThan(before));
  });

  it('edits a member: the plans ticked as held, a freed plan and a given one in two calls, the role with the first', async () => {
    const api = teamServer().answer(editTeamMembersRoute, { data: null });
    await openTeam();
    fireEvent.click(button('Edit Ada Admin'));
    const edit = await dialog('Edit member');
    const lifetimeBox = await within(edit).findByRole('checkbox', { name: /^Team lifetime/ });
    expect(lifetimeBox).toHaveProperty('checked', true);
    expect(within(edit).getByRole('checkbox', { name: /^7-day team trial/ })).toHaveProperty('disabled', true);
    fireEvent.click(lifetimeBox);
    fireEvent.click(within(edit).getByRole('checkbox', { name: /^90-day team trial/ }));
    fireEvent.click(within(edit).getByRole('radio', { name: 'Member' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Success'));
    expect(api.callsTo(editTeamMembersRoute).map((call) => call.body)).toEqual([
      { group_id: 40, user_ids: [9], reverse: 1, plan_ids: [2], role: 3 },
      { group_id: 40, user_ids: [9], reverse: 0, plan_ids: [1] },
    ]);
    expect(api.callsTo(getTeamPlansRoute)[0]?.query).toMatchObject({ user_id: '9', count: '100' });
  });

  it('authorizes itself on the one plan it lacks, after a confirmation', async () => {
    const api = teamServer().answer(editTeamMembersRoute, { data: null });
    await openTeam();
    fireEvent.click(button('Authorize myself'));
    const confirm = await dialog('Authorize yourself');
    expect(confirm.textContent).toContain('Plan: Team lifetime');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts()).toContain('Success'));
    const [sent] = api.callsTo(editTeamMembersRoute);
    expect(sent?.body).toEqual({ group_id: 40, user_ids: [OWNER], reverse: 0, plan_ids: [2] });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('unauthorizes itself through the plan selection when it holds several plans', async () => {
    const api = teamServer({ team: designTeam({ plan_ids: [1, 2] }) }).answer(editTeamMembersRoute, { data: null });
    await openTeam();
    expect(screen.queryByRole('button', { name: 'Authorize myself' })).toBeNull();
    fireEvent.click(button('Unauthorize myself'));
    fireEvent.click(within(await dialog('Unauthorize yourself')).getByRole('button', { name: 'Confirm' }));
    const choose = await dialog('Choose plans');
    // Spec 02 §4: for unauthorization only the plans held can be ticked.
    expect(await within(choose).findByRole('checkbox', { name: /^7-day team trial/ })).toHaveProperty('disabled', true);
    expect(within(choose).getByRole('checkbox', { name: /^90-day team trial/ })).toHaveProperty('disabled', false);
    const confirm = within(choose).getByRole('button', { name: 'Confirm' });
    expect(isDisabled(confirm)).toBe(true);
    fireEvent.click(within(choose).getByRole('checkbox', { name: /^Team lifetime/ }));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo(editTeamMembersRoute)).toHaveLength(1));
    expect(api.callsTo(editTeamMembersRoute)[0]?.body).toMatchObject({ reverse: 1, plan_ids: [2] });
  });
});

describe('adding people', () => {
  const invitee = { email: 'newcomer@example.com', mobile: null, user_id: 99, nick_name: 'Newcomer' };

  it('checks the contact, screens it, then adds on the plans chosen', async () => {
    const api = teamServer()
      .answer(screenTeamContactsRoute, { data: { invitees: [invitee] } })
      .answer(addTeamMembersRoute, { data: { user_ids: [99] } });
    await openTeam({ build: { region: 'domestic' } });
    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    const contact = within(add).getByRole('textbox', { name: 'Email, mobile number or user ID' });
    const confirm = within(add).getByRole('button', { name: 'Confirm' });
    expect(isDisabled(confirm)).toBe(true);
    fireEvent.change(contact, { target: { value: 'newcomer@' } });
    expect(within(add).getByText('Enter a valid email address.')).toBeTruthy();
    fireEvent.change(contact, { target: { value: '1381234567' } });
    expect(isDisabled(confirm)).toBe(false); // ten digits: a user id
    fireEvent.change(contact, { target: { value: '138123456789' } });
    expect(within(add).getByText('Enter a valid 11-digit mobile number.')).toBeTruthy();
    fireEvent.change(contact, { target: { value: 'Newcomer@example.com ' } });
    // The owner may give both roles.
    expect(
      within(add)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2', '3']);
    fireEvent.click(within(add).getByRole('radio', { name: 'Admin' }));
    fireEvent.click(confirm);

    const choose = await dialog('Choose plans');
    expect(api.callsTo(screenTeamContactsRoute)[0]?.body).toEqual({
      group_id: 40,
      match: 1,
      emails: ['Newcomer@example.com'],
    });
    // Spec 02 §4: the expired plan cannot be given; confirm waits for a plan.
    expect(await within(choose).findByRole('checkbox', { name: /^7-day team trial/ })).toHaveProperty('disabled', true);
    const confirmPlans = within(choose).getByRole('button', { name: 'Confirm' });
    expect(isDisabled(confirmPlans)).toBe(true);
    fireEvent.click(within(choose).getByRole('checkbox', { name: /^Team lifetime/ }));
    fireEvent.click(confirmPlans);
    await waitFor(() => expect(toasts()).toContain('Success'));
    const [added] = api.callsTo(addTeamMembersRoute);
    expect(added?.body).toEqual({ group_id: 40, plan_ids: [2], role: 2, user_ids: [99] });
    expect(added?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds directly on the only plan that can still be given, and offers no mobile overseas', async () => {
    const api = teamServer({ team: designTeam({ plan: [lifetime, trial], plan_ids: [] }) })
      .answer(screenTeamContactsRoute, { data: { invitees: [invitee] } })
      .answer(addTeamMembersRoute, { data: { user_ids: [99] } });
    await openTeam();
    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    const contact = within(add).getByRole('textbox', { name: 'Email or user ID' });
    fireEvent.change(contact, { target: { value: '13812345678' } });
    expect(within(add).getByText('A user ID has digits only (at most 10).')).toBeTruthy();
    fireEvent.change(contact, { target: { value: '99' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo(addTeamMembersRoute)).toHaveLength(1));
    expect(api.callsTo(screenTeamContactsRoute)[0]?.body).toEqual({ group_id: 40, match: 1, user_ids: [99] });
    expect(api.callsTo(addTeamMembersRoute)[0]?.body).toEqual({ group_id: 40, plan_ids: [2], role: 3, user_ids: [99] });
    expect(api.callsTo(getTeamPlansRoute)).toHaveLength(0);
  });

  it('says why when the filter recognises nobody', async () => {
    teamServer().answer(screenTeamContactsRoute, { data: { invitees: [] } });
    await openTeam();
    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    fireEvent.change(within(add).getByRole('textbox'), { target: { value: 'stranger@example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Confirm' }));
    const failed = await dialog('Could not add');
    expect(within(failed).getByRole('alert').textContent).toBe(
      'No valid email address recognized: the email must first be registered.',
    );
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The member has not registered an account.',
      'The member owns their own team or other teams.',
      'The member has joined their own team or other teams.',
      'The member has a lifetime subscription.',
    ]);
  });

  it('shows an add refused by the server in the add-failed prompt, in its own words', async () => {
    teamServer()
      .answer(screenTeamContactsRoute, { data: { invitees: [invitee] } })
      .answer(addTeamMembersRoute, failWith(TeamErrors.lifetimeHolder));
    await openTeam();
    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    fireEvent.change(within(add).getByRole('textbox'), { target: { value: 'newcomer@example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Confirm' }));
    const choose = await dialog('Choose plans');
    fireEvent.click(await within(choose).findByRole('checkbox', { name: /^Team lifetime/ }));
    fireEvent.click(within(choose).getByRole('button', { name: 'Confirm' }));
    const failed = await dialog('Could not add');
    expect(within(failed).getByRole('alert').textContent).toBe(
      'This person has a lifetime subscription and cannot join a team.',
    );
  });

  it('multiple add: refuses an empty or mixed list, screens a good one, lists it, goes back and adds', async () => {
    const api = teamServer({ team: designTeam({ plan: [lifetime] }) })
      .answer(screenTeamContactsRoute, {
        data: { invitees: [invitee, { ...invitee, user_id: 98, email: 'second@example.com', nick_name: 'Second' }] },
      })
      .answer(addTeamMembersRoute, { data: { user_ids: [99, 98] } });
    await openTeam();
    fireEvent.click(button('Add user'));
    fireEvent.click(within(await dialog('Add user')).getByRole('button', { name: 'Add several users at once' }));
    const multiple = await dialog('Add several users');
    const box = within(multiple).getByRole('textbox', { name: /^Email addresses or user IDs/ });
    expect(box.getAttribute('rows')).toBe('10');

    fireEvent.click(within(multiple).getByRole('button', { name: 'Next' }));
    expect(toasts()).toEqual(['The email cannot be empty.']);
    fireEvent.change(box, { target: { value: 'one@example.com, 12345' } });
    fireEvent.click(within(multiple).getByRole('button', { name: 'Next' }));
    expect(toasts()).toEqual(['The email cannot be empty.', 'No valid email address recognized.']);
    expect(vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.autoClose)).toEqual([3000, 3000]);
    expect(api.callsTo(screenTeamContactsRoute)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'newcomer@example.com；Second@example.com\nnewcomer@example.com' } });
    fireEvent.click(within(multiple).getByRole('button', { name: 'Next' }));
    expect(await within(multiple).findByText('Step 2 of 2')).toBeTruthy();
    expect(api.callsTo(screenTeamContactsRoute)[0]?.body).toEqual({
      group_id: 40,
      match: 0,
      emails: ['newcomer@example.com', 'second@example.com'],
    });
    const list = within(multiple).getByRole('table', { name: 'Recognised users' });
    expect(within(list).getAllByRole('row')).toHaveLength(3);

    fireEvent.click(within(multiple).getByRole('button', { name: 'Previous' }));
    expect((within(multiple).getByRole('textbox') as HTMLTextAreaElement).value).toContain('Second@example.com');
    fireEvent.click(within(multiple).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(multiple).findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo(addTeamMembersRoute)).toHaveLength(1));
    expect(api.callsTo(addTeamMembersRoute)[0]?.body).toEqual({
      group_id: 40,
      plan_ids: [2],
      role: 3,
      user_ids: [99, 98],
    });
  });

  it.each([
    ['domestic', false],
    ['overseas', true],
  ] as const)('meets group num limit with the upgrade prompt (%s build)', async (region, offersUpgrade) => {
    teamServer().answer(screenTeamContactsRoute, failWith(TeamErrors.memberLimit));
    await openTeam({ build: { region } });
    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    fireEvent.change(within(add).getByRole('textbox'), { target: { value: 'newcomer@example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Confirm' }));
    const upgrade = await dialog('Upgrade your team');
    expect(upgrade.textContent).toContain('You have reached the maximum number of team members, upgrade to get more.');
    // The domestic prompt has no buttons but its close cross; the overseas one cancel and upgrade.
    expect(within(upgrade).queryByRole('button', { name: 'Cancel' }) !== null).toBe(offersUpgrade);
    const link = within(upgrade).queryByRole('link', { name: 'Upgrade' });
    expect(link !== null).toBe(offersUpgrade);
    // Business pricing for this team: the purchase screen's team mode, in place.
    if (link) {
      expect(link.getAttribute('href')).toBe('/buy?team=max');
      // The screen stays mounted while the purchase screen shows: the prompt must not be waiting there.
      fireEvent.click(link);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade your team' })).toBeNull());
    }
  });
});

describe('handing the team over', () => {
  it('asks for a member first, then transfers with the option chosen', async () => {
    const api = teamServer().answer(transferTeamRoute, { data: null });
    await openTeam({ build: { region: 'domestic' } });
    fireEvent.click(button('Transfer team'));
    const transfer = await dialog('Transfer team');
    const choicesGroup = within(transfer).getByRole('radiogroup', { name: 'New owner' });
    expect(await within(choicesGroup).findByRole('radio', { name: /Adam Admin/ })).toBeTruthy();
    // The owner is not among the people the team can go to.
    expect(within(choicesGroup).queryByRole('radio', { name: /Olivia Owner/ })).toBeNull();
    expect(api.callsTo(getTeamMembersRoute).at(-1)?.query).toMatchObject({ count: '100', offset: '0' });

    fireEvent.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    expect(within(transfer).getByText('Select a team member.')).toBeTruthy();
    expect(api.callsTo(transferTeamRoute)).toHaveLength(0);

    fireEvent.click(within(choicesGroup).getByRole('radio', { name: /Member 3/ }));
    fireEvent.click(within(transfer).getByRole('radio', { name: 'Leave the team' }));
    fireEvent.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    // Nothing is sent on one click: the dialog asks first, naming the new owner.
    const question = await dialog('Hand the team over?');
    expect(question.textContent).toContain('Member 3 becomes the owner of Design team');
    expect(question.textContent).toContain('You leave the team.');
    expect(api.callsTo(transferTeamRoute)).toHaveLength(0);
    // Back keeps what was chosen.
    fireEvent.click(within(question).getByRole('button', { name: 'Back' }));
    const again = await dialog('Transfer team');
    expect(within(again).getByRole('radio', { name: /Member 3/ })).toHaveProperty('checked', true);
    fireEvent.click(within(again).getByRole('button', { name: 'Transfer' }));
    fireEvent.click(within(await dialog('Hand the team over?')).getByRole('button', { name: 'Transfer to Member 3' }));
    await waitFor(() => expect(toasts()).toContain('Success'));
    const [sent] = api.callsTo(transferTeamRoute);
    expect(sent?.body).toEqual({ group_id: 40, user_id: 22, option: 2 });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is offered for the diagram team of the domestic build only', async () => {
    teamServer();
    await openTeam({ build: { region: 'overseas' } });
    expect(screen.queryByRole('button', { name: 'Transfer team' })).toBeNull();
  });
});

describe('the team screen, as an admin', () => {
  const ADMIN = 8;
  const asAdmin = () => designTeam({ role: 2, plan_ids: [quarter.id] });

  beforeEach(() => {
    // These tests are the admin's.
    saveSession({ user_id: ADMIN, token: 'token-8', refresh_token: 'refresh-8', expires_in: 900 });
  });

  it('manages plain members and itself, never another admin or the owner; gives the member role only', async () => {
    teamServer({ team: asAdmin() });
    await openTeam({ build: { region: 'domestic' } });
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Authorize myself' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unauthorize myself' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer team' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Ada Admin' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Select Adam Admin' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Select Member 1' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Edit Ada Admin' })).toBeNull();
    expect(button('Remove Adam Admin')).toBeTruthy();

    fireEvent.click(button('Add user'));
    const add = await dialog('Add user');
    expect(
      within(add)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['3']);
  });

  it('leaving the team in the overseas build says the team is gone', async () => {
    const api = teamServer({ team: asAdmin() }).answer(removeTeamMembersRoute, { data: null });
    const deleted = vi.fn();
    const stop = onAppEvent('teamDeleted', deleted);
    await openTeam({ build: { region: 'overseas' } });
    fireEvent.click(button('Remove Adam Admin'));
    const confirm = await dialog('Remove members');
    expect(confirm.textContent).toContain('Remove Adam Admin from the team?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith({ product: 'max' }));
    stop();
    expect(api.callsTo(removeTeamMembersRoute)[0]?.body).toEqual({ group_id: 40, user_ids: [ADMIN] });
  });

  it('leaving the team in the domestic build reads the team info again', async () => {
    let team: Team | null = asAdmin();
    const api = teamServer().answer(getTeamRoute, ({ params }) => ({ data: params.product === 'max' ? team : null }));
    api.answer(removeTeamMembersRoute, () => {
      team = null;
      return { data: null };
    });
    const deleted = vi.fn();
    const stop = onAppEvent('teamDeleted', deleted);
    await openTeam({ build: { region: 'domestic' } });
    fireEvent.click(button('Remove Adam Admin'));
    fireEvent.click(within(await dialog('Remove members')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You have not joined a team yet.')).toBeTruthy();
    stop();
    expect(deleted).not.toHaveBeenCalled();
  });
});

describe('the team screen, as a plain member', () => {
  it('shows the team read-only and the plan tab', async () => {
    teamServer({ team: null, project: designTeam({ id: 41, name: 'Roadmap team', role: 3, plan: [lifetime] }) });
    await openTeam();
    // The page opens on the first product with a team: here the project.
    expect(screen.getByRole('radio', { name: 'Project' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Roadmap team' })).toBeTruthy();
    expect(screen.queryByText('Members:')).toBeNull(); // the member count is the diagram team's
    for (const name of ['Remove', 'Add user', 'Add authorization plan']) expect(isDisabled(button(name))).toBe(true);
    for (const name of ['Authorize myself', 'Unauthorize myself', 'Transfer team', 'Rename'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
    const boxes = within(screen.getByRole('table', { name: 'Members' })).getAllByRole('checkbox');
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Plan' }));
    const plans = await screen.findByRole('table', { name: 'Plans' });
    const [, ...rows] = within(plans).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['90-day team trial', expect.stringMatching(/\d/), '5', '4'],
      ['Team lifetime', 'Never expires', '20', '9'],
      [`7-day team trial`, expect.stringMatching(/\(expired\)$/), '3', '1'],
    ]);
  });

  it('shows the empty state for a product without a team, and the enterprise page for the mind map', async () => {
    teamServer();
    await openTeam();
    fireEvent.click(screen.getByRole('radio', { name: 'Project' }));
    expect(await screen.findByText('You have not joined a team yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Mind map' }));
    expect(screen.queryByText('You have not joined a team yet.')).toBeNull();
    // Overseas, without a company, the enterprise page has no tabs: it says how to join one.
    expect(await screen.findByText('You are not in an enterprise yet.')).toBeTruthy();
  });

  it('opens on the company when the user has one, and on the build’s own product’s team when it says one', async () => {
    const company = {
      id: 7,
      company_name: 'Mind Works',
      used_num: 2,
      num: 5,
      created_at: 1_700_000_000,
      exp: null,
      user_type: 2,
      type: 8,
    } as const;
    teamServer()
      .answer(getCompaniesRoute, { data: [company], count: 1 })
      .answer(getCompanyOrdersRoute, { data: [], count: 0 });
    await renderInLanguage(<TeamScreen />, { path: '/team', build: { region: 'domestic' } });
    expect(await screen.findByRole('radio', { name: 'Mind map', checked: true })).toBeTruthy();
    cleanup();
    teamServer().answer(getCompaniesRoute, { data: [company], count: 1 });
    await renderInLanguage(<TeamScreen />, { path: '/team?tend=max', build: { region: 'domestic', tend: 'max' } });
    expect(await screen.findByRole('table', { name: 'Members' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Diagram', checked: true })).toBeTruthy();
  });

  it('offers only the mind-map product in the mind-map desktop client', async () => {
    // Only the companies are answered: a diagram or project team call would fail the test (testing/api.ts).
    stubApi().answer(getCompaniesRoute, { data: [], count: 0 });
    await renderInLanguage(<TeamScreen />, { path: '/team', build: { from: 'mindmaster', hostMode: 'desktop' } });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['mind']);
    expect(await screen.findByText('You are not in an enterprise yet.')).toBeTruthy();
  });
});
