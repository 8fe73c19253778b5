import {
  CompanyErrors,
  createCompanyRoute,
  getCompaniesRoute,
  getCompanyInvitationRoute,
  getCompanyInviteLinkRoute,
  getCompanyMembersRoute,
  getCompanyOrdersRoute,
  getCompanySettingsRoute,
  getTeamRoute,
  joinCompanyRoute,
  renameCompanyRoute,
  updateCompanyMembersRoute,
} from '@account-centre/contract';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BuildContext } from '../../../lib/build-context';
import { useLocation } from '../../../lib/router';
import { failWith, type Success, stubApi } from '../../../testing/api';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { TeamScreen } from '../TeamScreen';

const ME = 7;
signedInForEachTest(ME);

type Company = Success<typeof getCompaniesRoute>['data'][number];
type Member = Success<typeof getCompanyMembersRoute>['data'][number];
type Order = Success<typeof getCompanyOrdersRoute>['data'][number];

const day = 86_400;
const now = Math.floor(Date.now() / 1000);

const acme = (overrides: Partial<Company> = {}): Company => ({
  id: 12,
  company_name: 'Acme',
  used_num: 4,
  num: 10,
  created_at: now - 100 * day,
  exp: now + 200 * day,
  user_type: 2,
  type: 9,
  ...overrides,
});
const globex = (overrides: Partial<Company> = {}): Company =>
  acme({ id: 13, company_name: 'Globex', user_type: 1, type: 8, exp: null, used_num: 2, num: 5, ...overrides });

const person = (user_id: number, type: Member['type'], nick_name: string, avatar_url = ''): Member => ({
  user_id,
  nick_name,
  avatar_url,
  type,
  joined_at: now - 10 * day,
});

/** The creator (the viewer, unless a test signs in as someone else), an admin, two members of each type. */
const staff: Member[] = [
  person(ME, 2, 'Carla Creator', 'https://cdn.example.com/carla.png'),
  person(8, 1, 'Adam Admin'),
  person(9, 1, 'Ada Admin'),
  person(20, 0, 'Mia Member'),
  person(21, 3, 'Theo Typethree'),
];

const order = (order_id: string, overrides: Partial<Order> = {}): Order => ({
  order_id,
  date: now - 5 * day,
  price: 38_000,
  currency: 'CNY',
  kind: 'plan',
  quantity: 10,
  refunded: false,
  ...overrides,
});

/** A user in no diagram or project team, in the companies given. */
function companyServer(companies: Company[] = [acme()]) {
  let list = companies;
  const api = stubApi()
    .answer(getCompaniesRoute, () => ({ data: list, count: list.length }))
    .answer(getTeamRoute, { data: null })
    .answer(getCompanyOrdersRoute, { data: [order('E-1001')], count: 1 })
    .answer(getCompanyMembersRoute, { data: staff, count: staff.length })
    .answer(getCompanySettingsRoute, {
      data: { federation_id: 'FED-0042', contact: { url: 'https://support.example.com/c', qr_svg: '<svg/>' } },
    });
  return Object.assign(api, {
    /** What `GET coop/cmember` answers from now on. */
    setCompanies: (next: Company[]) => {
      list = next;
    },
  });
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message));

catchToastsForEachTest();

/** Where the router is, for the tests that look at the address. */
function AddressProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

async function openEnterprise(options: Parameters<typeof renderInLanguage>[1] = {}) {
  const view = await renderInLanguage(
    <>
      <TeamScreen />
      <AddressProbe />
    </>,
    { path: '/team', ...options },
  );
  await screen.findByRole('radio', { name: 'Mind map', checked: true });
  return view;
}

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const membersTable = () => screen.findByRole('table', { name: 'Members' });

describe('the enterprise page’s tabs', () => {
  it.each([
    ['domestic', 2, ['Create company', 'Order info', 'Member manage', 'Company settings'], 'Order info'],
    ['domestic', 1, ['Create company', 'Order info', 'Member manage', 'Company settings'], 'Order info'],
    ['domestic', 0, ['Create company'], 'Create company'],
    ['overseas', 2, ['Order info', 'Member manage', 'Company settings'], 'Order info'],
    ['overseas', 1, ['Order info', 'Member manage', 'Company settings'], 'Order info'],
  ] as const)('%s build, role %i: %j, opening on %s', async (region, role, tabs, first) => {
    companyServer([acme({ user_type: role })]);
    await openEnterprise({ build: { region } });
    await waitFor(() => expect(tabNames()).toEqual(tabs));
    expect(selectedTab()?.textContent).toBe(first);
  });

  it('tells a plain member overseas whose company it is and who manages it, and loads nothing of it', async () => {
    const api = companyServer([acme({ user_type: 3 })]);
    await openEnterprise();
    expect(
      await screen.findByText(
        'You are a member of Acme. Its administrators manage the enterprise: its orders, members and settings.',
      ),
    ).toBeTruthy();
    expect(tabNames()).toEqual([]);
    expect(api.callsTo(getCompanyOrdersRoute)).toHaveLength(0);
    expect(api.callsTo(getCompanyMembersRoute)).toHaveLength(0);
  });

  it('opens on Create in the domestic build for someone in no company', async () => {
    companyServer([]);
    await openEnterprise({ build: { region: 'domestic' } });
    await waitFor(() => expect(tabNames()).toEqual(['Create company']));
    expect(screen.getByRole('heading', { name: 'How to create an enterprise' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How to join an enterprise' })).toBeTruthy();
  });

  it('switches between the companies the user is in, and keeps the choice while another product is looked at', async () => {
    const api = companyServer([acme({ user_type: 0 }), globex()]);
    await openEnterprise({ build: { region: 'overseas' } });
    // The company the user manages comes first.
    const switcher = await screen.findByRole('combobox', { name: 'Enterprise' });
    expect((switcher as HTMLSelectElement).value).toBe('13');
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Acme (Member)', 'Globex (Admin)']);
    expect(await screen.findAllByText('Lifelong')).toHaveLength(2);

    fireEvent.change(switcher, { target: { value: '12' } });
    expect(await screen.findByText(/^You are a member of Acme\./)).toBeTruthy();
    expect(tabNames()).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Project' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Mind map' }));
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Enterprise' })).value).toBe('12');
    expect(api.callsTo(getCompanyOrdersRoute).map((call) => call.query.cid)).toEqual(['13']);
  });
});

describe('creating a company by activation code', () => {
  it('ignores an empty code, creates with the code and name, then shows the new company', async () => {
    const created = acme({ id: 30, company_name: 'Initech' });
    const api = companyServer([]);
    api.answer(createCompanyRoute, ({ body }) => {
      api.setCompanies([created]);
      expect(body).toEqual({ license: 'ABCD-1234', name: 'Initech' });
      return { data: { err_type: 0 as const, company: created } };
    });
    await openEnterprise({ build: { region: 'domestic' } });
    const code = await screen.findByRole('textbox', { name: 'Activation code' });
    expect(code.getAttribute('maxlength')).toBe('36');
    expect(screen.getByRole('textbox', { name: 'Enterprise name (optional)' }).getAttribute('maxlength')).toBe('20');

    fireEvent.change(code, { target: { value: '   ' } });
    fireEvent.click(button('Confirm'));
    expect(api.callsTo(createCompanyRoute)).toHaveLength(0);

    fireEvent.change(code, { target: { value: ' ABCD-1234 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Enterprise name (optional)' }), {
      target: { value: 'Initech' },
    });
    fireEvent.click(button('Confirm'));
    await waitFor(() => expect(toasts()).toEqual(['Enterprise created.']));
    expect(api.callsTo(createCompanyRoute)[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // The new company is chosen, on its order info.
    await waitFor(() => expect(selectedTab()?.textContent).toBe('Order info'));
    expect((screen.getByRole('combobox', { name: 'Enterprise' }) as HTMLSelectElement).value).toBe('30');
  });

  it('says the user was made admin when the code had already created a company (err_type 2)', async () => {
    const existing = globex({ id: 31, company_name: 'Umbrella' });
    const api = companyServer([]);
    api.answer(createCompanyRoute, () => {
      api.setCompanies([existing]);
      return { data: { err_type: 2 as const, company: existing } };
    });
    await openEnterprise({ build: { region: 'domestic' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Activation code' }), { target: { value: 'USED-1' } });
    fireEvent.click(button('Confirm'));
    await waitFor(() =>
      expect(toasts()).toEqual(['This code already created an enterprise; you were added as its admin automatically.']),
    );
    expect(api.callsTo(createCompanyRoute)[0]?.body).toEqual({ license: 'USED-1' });
  });

  it('sends one request for a double click', async () => {
    const created = acme({ id: 30, company_name: 'Initech' });
    const api = companyServer([]);
    api.answer(createCompanyRoute, () => {
      api.setCompanies([created]);
      return { data: { err_type: 0 as const, company: created } };
    });
    await openEnterprise({ build: { region: 'domestic' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Activation code' }), { target: { value: 'ABCD-1' } });
    // Both submits of a double click land before React has drawn the busy button.
    const form = button('Confirm').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(toasts()).toEqual(['Enterprise created.']));
    expect(api.callsTo(createCompanyRoute)).toHaveLength(1);
  });

  it('asks for the code again when it is invalid or used', async () => {
    companyServer([]).answer(createCompanyRoute, failWith(CompanyErrors.codeInvalid));
    await openEnterprise({ build: { region: 'domestic' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Activation code' }), { target: { value: 'BAD' } });
    fireEvent.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Activation code invalid or already used, please re-enter.',
    );
  });
});

describe('order info', () => {
  it('shows the facts, the creator’s purchase links and the orders', async () => {
    companyServer([acme()]).answer(getCompanyOrdersRoute, {
      data: [order('E-1002', { kind: 'seats', quantity: 3, price: 12_000, refunded: true }), order('E-1001')],
      count: 2,
    });
    await openEnterprise({ path: '/team?lang=en' });
    expect(await screen.findByText('Time-limited')).toBeTruthy();
    expect(screen.getByText('4 / 10')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add time' }).getAttribute('href')).toBe(
      '/buy?lang=en&company=12&change=time',
    );
    expect(screen.getByRole('link', { name: 'Add seats' }).getAttribute('href')).toBe(
      '/buy?lang=en&company=12&change=seats',
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['E-1002', expect.stringMatching(/\d/), 'More seats: 3', 'RefundedCN¥120.00'],
      ['E-1001', expect.stringMatching(/\d/), 'Business plan', 'CN¥380.00'],
    ]);
  });

  it('marks an expired company in red and offers more time, not seats', async () => {
    companyServer([acme({ exp: now - day })]);
    await openEnterprise();
    const expiry = await screen.findByText(/\(expired\)$/);
    expect(expiry.getAttribute('style') ?? '').toContain('color: var(--mantine-color-red-text)');
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add time' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add seats' })).toBeNull();
  });

  it('says lifelong for a lifelong company, which takes seats but no time', async () => {
    companyServer([acme({ type: 8, exp: null })]);
    await openEnterprise();
    await screen.findByRole('link', { name: 'Add seats' });
    expect(screen.getAllByText('Lifelong')).toHaveLength(2); // the account type and the expiry
    expect(screen.queryByText(/expired/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add time' })).toBeNull();
  });

  it('offers an admin no purchase', async () => {
    companyServer([acme({ user_type: 1 })]);
    await openEnterprise();
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.queryByRole('link', { name: 'Add time' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add seats' })).toBeNull();
  });
});

describe('member manage', () => {
  const openMembers = async (company: Company = acme()) => {
    fireEvent.click(await screen.findByRole('tab', { name: 'Member manage' }));
    const table = await membersTable();
    return { table, company };
  };
  const manage = (table: HTMLElement, name: string) => within(table).queryByRole('button', { name: `Manage ${name}` });
  const optionsOf = async (table: HTMLElement, name: string) => {
    const trigger = manage(table, name);
    if (!trigger) return null;
    fireEvent.click(trigger);
    const menu = await screen.findByRole('dialog');
    const options = within(menu)
      .getAllByRole('button')
      .map((option) => option.textContent);
    fireEvent.click(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return options;
  };

  it('lists the members, and gives the creator role options and delete (never for type 3)', async () => {
    companyServer();
    await openEnterprise();
    const { table } = await openMembers();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(['7', '8', '9', '20', '21']);
    expect(rows[1]?.textContent).toContain('A'); // no picture: the nickname's first character
    expect(await optionsOf(table, 'Carla Creator')).toBeNull();
    expect(await optionsOf(table, 'Adam Admin')).toEqual(['Set as member', 'Delete']);
    expect(await optionsOf(table, 'Mia Member')).toEqual(['Set as admin', 'Delete']);
    expect(await optionsOf(table, 'Theo Typethree')).toEqual(['Set as admin']);
    expect(screen.getByRole('button', { name: /^Admins can invite members/ })).toBeTruthy();
  });

  it('gives an admin delete over plain members only, and no role options', async () => {
    const api = companyServer([acme({ user_type: 1 })]);
    api.answer(getCompanyMembersRoute, {
      data: [person(1, 2, 'Carla Creator'), person(ME, 1, 'Me Admin'), person(9, 1, 'Ada Admin'), ...staff.slice(3)],
      count: 5,
    });
    await openEnterprise();
    const { table } = await openMembers();
    expect(await optionsOf(table, 'Carla Creator')).toBeNull();
    expect(await optionsOf(table, 'Me Admin')).toBeNull();
    expect(await optionsOf(table, 'Ada Admin')).toBeNull();
    expect(await optionsOf(table, 'Mia Member')).toEqual(['Delete']);
    expect(await optionsOf(table, 'Theo Typethree')).toBeNull();
  });

  it('changes a role at once, and deletes after a confirmation, each with a request key', async () => {
    const api = companyServer().answer(updateCompanyMembersRoute, { data: acme({ used_num: 3 }) });
    await openEnterprise();
    const { table } = await openMembers();
    fireEvent.click(manage(table, 'Mia Member') as HTMLElement);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Set as admin' }));
    await waitFor(() => expect(toasts()).toEqual(['Role changed.']));

    fireEvent.click(manage(table, 'Adam Admin') as HTMLElement);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete member' });
    expect(confirm.textContent).toContain('Remove Adam Admin from the enterprise? Their seat becomes free.');
    expect(api.callsTo(updateCompanyMembersRoute)).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual(['Role changed.', 'Member deleted.']));

    const sent = api.callsTo(updateCompanyMembersRoute);
    expect(sent.map((call) => call.body)).toEqual([
      { cid: 12, ids: [20], operation: 'UPDATE', type: 1 },
      { cid: 12, ids: [8], operation: 'DEL' },
    ]);
    expect(sent.every((call) => /^[0-9a-f]{32}$/.test(call.headers.get('idempotency-key') ?? ''))).toBe(true);
    // The members and the companies (their seat count) are read again.
    await waitFor(() => expect(api.callsTo(getCompanyMembersRoute).length).toBeGreaterThanOrEqual(3));
    expect(api.callsTo(getCompaniesRoute).length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [CompanyErrors.otherCompany, 'The user belongs to another enterprise.'],
    [CompanyErrors.alreadyMember, 'The user belongs to another enterprise.'],
    [CompanyErrors.userNotFound, 'No user has this ID or email address.'],
  ])('words a refused change ($msg)', async (entry, text) => {
    companyServer().answer(updateCompanyMembersRoute, failWith(entry));
    await openEnterprise();
    const { table } = await openMembers();
    fireEvent.click(manage(table, 'Mia Member') as HTMLElement);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Set as admin' }));
    await waitFor(() => expect(toasts()).toEqual([text]));
  });

  it('shows the invitation link with its end, and disables adding when every seat is taken', async () => {
    const expires = now + 7 * day;
    const api = companyServer().answer(getCompanyInviteLinkRoute, {
      data: {
        url: 'https://account.example.com/team?company_invite=12.1.x',
        invite: `12.${expires}.${'a'.repeat(43)}`,
        expires_at: expires,
      },
    });
    const view = await openEnterprise();
    await openMembers();
    fireEvent.click(button('Add member'));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    const link = await within(dialog).findByRole('textbox', { name: 'Invitation link' });
    expect((link as HTMLInputElement).value).toBe('https://account.example.com/team?company_invite=12.1.x');
    expect(dialog.textContent).toMatch(/Valid until .*\d/);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://account.example.com/team?company_invite=12.1.x');
    expect(api.callsTo(getCompanyInviteLinkRoute)[0]?.query).toEqual({ cid: '12' });
    view.unmount();

    companyServer([acme({ used_num: 10 })]);
    await openEnterprise();
    await openMembers();
    expect((button('Add member') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Every seat is taken: add seats to invite more people.')).toBeTruthy();
  });
});

describe('company settings', () => {
  it('renames inline; an empty or unchanged name sends nothing', async () => {
    const api = companyServer();
    api.answer(renameCompanyRoute, ({ body }) => {
      api.setCompanies([acme({ company_name: body.company_name })]);
      return { data: acme({ company_name: body.company_name }) };
    });
    await openEnterprise();
    fireEvent.click(await screen.findByRole('tab', { name: 'Company settings' }));
    expect(await screen.findByText('FED-0042')).toBeTruthy();
    expect(screen.getByRole('img', { name: "QR code of customer service's contact" })).toBeTruthy();
    expect(screen.getByText('To change the enterprise administrator account, contact customer service.')).toBeTruthy();

    const field = () => screen.getByRole('textbox', { name: 'Enterprise name' });
    for (const attempt of ['   ', 'Acme', ' Acme ']) {
      fireEvent.click(button('Rename'));
      expect(field().getAttribute('maxlength')).toBe('20');
      fireEvent.change(field(), { target: { value: attempt } });
      fireEvent.click(button('Save'));
      expect(screen.getByRole('heading', { name: 'Acme' })).toBeTruthy();
    }
    fireEvent.click(button('Rename'));
    fireEvent.change(field(), { target: { value: 'Acme' } });
    fireEvent.click(button('Cancel'));
    expect(api.callsTo(renameCompanyRoute)).toHaveLength(0);

    fireEvent.click(button('Rename'));
    fireEvent.change(field(), { target: { value: ' Acme Group ' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(toasts()).toEqual(['Company renamed.']));
    expect(api.callsTo(renameCompanyRoute)[0]?.body).toEqual({ cid: 12, company_name: 'Acme Group' });
    expect(await screen.findByRole('heading', { name: 'Acme Group' })).toBeTruthy();
  });

  it('shows no QR code when customer service has no contact configured', async () => {
    companyServer().answer(getCompanySettingsRoute, { data: { federation_id: 'FED-0042', contact: null } });
    await openEnterprise();
    fireEvent.click(await screen.findByRole('tab', { name: 'Company settings' }));
    await screen.findByText('FED-0042');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('an invitation link', () => {
  const invite = `12.${now + 7 * day}.${'b'.repeat(43)}`;
  const offer = {
    company_id: 12,
    company_name: 'Acme',
    used_num: 4,
    num: 10,
    expires_at: now + 7 * day,
    user_type: null,
  };
  const address = () => screen.getByRole('status', { name: 'address' }).textContent;

  async function openInvitation(build: Partial<BuildContext> = {}) {
    await renderInLanguage(
      <>
        <TeamScreen />
        <AddressProbe />
      </>,
      { path: `/team?lang=en&company_invite=${invite}`, build },
    );
    return screen.findByRole('region', { name: 'Invitation to an enterprise' });
  }

  it('opens on the mind-map product, joins, shows the company and leaves the address', async () => {
    const api = companyServer([]);
    api.answer(getCompanyInvitationRoute, { data: offer }).answer(joinCompanyRoute, () => {
      api.setCompanies([acme({ user_type: 0 })]);
      return { data: acme({ user_type: 0 }) };
    });
    const prompt = await openInvitation();
    expect(screen.getByRole('radio', { name: 'Mind map' })).toHaveProperty('checked', true);
    expect(await within(prompt).findByText('You are invited to join Acme as a member.')).toBeTruthy();
    expect(within(prompt).getByText('Seats taken: 4 of 10')).toBeTruthy();
    expect(api.callsTo(getCompanyInvitationRoute)[0]?.query).toEqual({ invite });

    fireEvent.click(within(prompt).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(toasts()).toEqual(['You joined Acme.']));
    const [joined] = api.callsTo(joinCompanyRoute);
    expect(joined?.body).toEqual({ invite });
    expect(joined?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation to an enterprise' })).toBeNull());
    expect(address()).toBe('/team?lang=en');
    expect(await screen.findByText(/^You are a member of Acme\./)).toBeTruthy();
  });

  it('says so to someone in the company already, and lets the prompt go', async () => {
    const api = companyServer([acme()]).answer(getCompanyInvitationRoute, { data: { ...offer, user_type: 2 } });
    const prompt = await openInvitation();
    expect(await within(prompt).findByText('You are already in Acme.')).toBeTruthy();
    expect(within(prompt).queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/team?lang=en'));
    expect(api.callsTo(joinCompanyRoute)).toHaveLength(0);
  });

  it.each([
    [CompanyErrors.otherCompany, 'The user belongs to another enterprise.'],
    [CompanyErrors.seatsFull, 'Every seat of the company is taken.'],
    [CompanyErrors.inviteInvalid, 'This invitation link is invalid or has expired.'],
  ])('words a refused join ($msg) and keeps the invitation', async (entry, text) => {
    companyServer([]).answer(getCompanyInvitationRoute, { data: offer }).answer(joinCompanyRoute, failWith(entry));
    const prompt = await openInvitation();
    fireEvent.click(await within(prompt).findByRole('button', { name: 'Join' }));
    expect((await within(prompt).findByRole('alert')).textContent).toBe(text);
    expect(address()).toContain('company_invite=');
  });

  it('says when the link is invalid or expired, or when every seat is taken', async () => {
    companyServer([]).answer(getCompanyInvitationRoute, failWith(CompanyErrors.inviteInvalid));
    let prompt = await openInvitation();
    expect((await within(prompt).findByRole('alert')).textContent).toBe(
      'This invitation link is invalid or has expired.',
    );
    document.body.innerHTML = '';

    companyServer([]).answer(getCompanyInvitationRoute, { data: { ...offer, used_num: 10 } });
    prompt = await openInvitation({ region: 'domestic' });
    expect((await within(prompt).findByRole('alert')).textContent).toBe('Every seat of the company is taken.');
    expect(within(prompt).queryByRole('button', { name: 'Join' })).toBeNull();
  });
});
