import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOST_CHANNEL } from '../../lib/host-bridge';
import { clearSession, getSession, saveSession } from '../../lib/session';
import { emitAppEvent } from '../../lib/app-events';
import {
  COMPANY_INVITE_PARAM,
  createTicketRoute,
  getCheckoutCatalogueRoute,
  getCompanyInvitationRoute,
} from '@account-centre/contract';
import { testCatalogue } from '../../testing/checkout';
import { emptyAccountServer, renderApp } from '../../testing/render-app';
import type { TeamSource } from '../team/team-sources';

const teams = vi.hoisted(() => ({ sources: [] as TeamSource[] }));
vi.mock('../team/team-sources', () => ({
  get teamSources() {
    return teams.sources;
  },
}));

function signIn(userId = 5) {
  saveSession({ user_id: userId, token: `tok-${userId}`, refresh_token: `ref-${userId}`, expires_in: 900 });
}

const menu = () => screen.getByRole('navigation', { name: 'Account sections' });
const menuLinks = () => within(menu()).getAllByRole('link');

beforeEach(() => {
  emptyAccountServer(5);
});

afterEach(() => {
  cleanup();
  // Toasts live in a store of their own, beyond any one render.
  notifications.clean();
  clearSession();
  teams.sources = [];
  delete window.AccountCentreHost;
  vi.unstubAllGlobals();
});

describe('the shell', () => {
  it('sends / to /account and keeps the query string', async () => {
    signIn();
    await renderApp('/?from=maxPC&lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(window.location.pathname).toBe('/account');
    expect(window.location.search).toBe('?from=maxPC&lang=en');
  });

  it('lists the build’s screens as real links that keep the query string', async () => {
    signIn();
    await renderApp('/account?from=maxPC&pid=5371');
    const links = menuLinks();
    expect(links.map((link) => link.textContent)).toEqual([
      'My account',
      'Orders',
      'Devices',
      'Income',
      'Redeem code',
      'Messages',
      'Coupons',
      'Template credit',
      'AI points',
      'Courses',
    ]);
    expect(links[1]?.getAttribute('href')).toBe('/order?from=maxPC&pid=5371');
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
  });

  it('shows the overseas menu for an overseas host', async () => {
    signIn();
    await renderApp('/account?from=maxPC', { host: 'account.example.com' });
    expect(menuLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/account?from=maxPC',
      '/order?from=maxPC',
      '/license?from=maxPC',
      '/devices?from=maxPC',
      '/aipoint?from=maxPC',
    ]);
  });

  it('keeps a visited screen mounted while another one shows', async () => {
    signIn();
    await renderApp('/account?from=maxPC');
    const accountHeading = await screen.findByRole('heading', { level: 1, name: 'My account' });
    fireEvent.click(within(menu()).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(window.location.pathname).toBe('/order');
    // Hidden, not gone: the same element is still in the document.
    expect(accountHeading.isConnected).toBe(true);
    expect(screen.queryByRole('heading', { level: 1, name: 'My account' })).toBeNull();
    fireEvent.click(within(menu()).getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBe(accountHeading);
  });

  it('opens the purchase screen at /buy with its own texts, though the menu has no entry for it', async () => {
    signIn();
    emptyAccountServer(5).answer(getCheckoutCatalogueRoute, { data: testCatalogue('domestic') });
    await renderApp('/buy?kind=ai_points&from=maxPC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'AI points', selected: true })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Buy - Account Centre'));
    expect(window.location.search).toBe('?kind=ai_points&from=maxPC');
    expect(menuLinks().map((link) => link.getAttribute('aria-current'))).not.toContain('page');
    expect(menuLinks().map((link) => link.textContent)).not.toContain('Buy');
  });

  it('sends the team route to account when the user has no team', async () => {
    signIn();
    await renderApp('/team?from=maxPC');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(window.location.pathname).toBe('/account');
    expect(menuLinks().map((link) => link.textContent)).not.toContain('Team');
  });

  it('lets the team route through without a team when it brings an invitation to a company', async () => {
    const invite = `12.1900000000.${'c'.repeat(43)}`;
    emptyAccountServer(5).answer(getCompanyInvitationRoute, {
      data: { company_id: 12, company_name: 'Acme', used_num: 1, num: 5, expires_at: 1_900_000_000, user_type: null },
    });
    signIn();
    await renderApp(`/team?from=maxPC&lang=en&${COMPANY_INVITE_PARAM}=${invite}`);
    expect(await screen.findByText('You are invited to join Acme as a member.')).toBeTruthy();
    expect(window.location.pathname).toBe('/team');
  });

  it('lets the domestic mind-map build’s team route through without a team: its enterprise page creates one by code', async () => {
    signIn();
    await renderApp('/team?from=mindmaster&lang=en');
    expect(await screen.findByRole('tab', { name: 'Create company', selected: true })).toBeTruthy();
    expect(window.location.pathname).toBe('/team');
  });

  it('still sends the overseas mind-map build’s team route to account without a team', async () => {
    signIn();
    await renderApp('/team?tend=mind&lang=en', { host: 'app.example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
  });

  it('adds the team entry once team information has loaded, and removes it on a delete-team event', async () => {
    teams.sources = [{ product: 'max', load: async () => ({ product: 'max', id: 1, name: 'Blue', role: 1 }) }];
    signIn();
    await renderApp('/team?from=maxPC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    expect(menuLinks().at(-1)?.textContent).toBe('Team');
    act(() => emitAppEvent('teamDeleted', { product: 'max' }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(menuLinks().map((link) => link.textContent)).not.toContain('Team');
  });

  it('keeps the team entry while another product’s team is left after a delete-team event', async () => {
    teams.sources = [
      { product: 'max', load: async () => ({ product: 'max', id: 1, name: 'Blue', role: 1 }) },
      { product: 'proj', load: async () => ({ product: 'proj', id: 2, name: 'Plans', role: 3 }) },
    ];
    signIn();
    await renderApp('/team?from=maxPC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    act(() => emitAppEvent('teamDeleted', { product: 'max' }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(menuLinks().at(-1)?.textContent).toBe('Team');
    act(() => emitAppEvent('teamDeleted', { product: 'proj' }));
    await waitFor(() => expect(menuLinks().map((link) => link.textContent)).not.toContain('Team'));
  });

  it('warns when the desktop client is signed in as someone else (pcID)', async () => {
    signIn();
    await renderApp('/account?from=maxPC&pcID=999');
    expect(await screen.findByText(/signed in to a different account/, {}, { timeout: 3000 })).toBeTruthy();
  });

  it('does not warn when pcID is the signed-in user', async () => {
    signIn();
    await renderApp('/account?from=maxPC&pcID=5');
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText(/signed in to a different account/)).toBeNull();
  });

  it('has no header in the desktop client, and the header in a browser', async () => {
    signIn();
    const desktop = await renderApp('/account?from=maxPC');
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    expect(screen.queryByRole('banner')).toBeNull();
    desktop.unmount();
    await renderApp('/account');
    expect(await screen.findByRole('banner', {}, { timeout: 3000 })).toBeTruthy();
  });
});

describe('signed out', () => {
  it('opens sign-in over the shell in the domestic build, and again from the menu', async () => {
    await renderApp('/account?from=maxPC');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'My account' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(menu()).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(window.location.pathname).toBe('/account');
  });

  it('shows the sign-in page in the overseas build, without the menu', async () => {
    await renderApp('/account?from=maxPC', { host: 'account.example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Account sections' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the host', () => {
  let sent: { type: string; payload: unknown }[];
  beforeEach(() => {
    sent = [];
    window.AccountCentreHost = { postMessage: (json) => void sent.push(JSON.parse(json)) };
  });

  it('is told the user’s name once it has loaded', async () => {
    signIn();
    await renderApp('/account?from=maxPC');
    await waitFor(() =>
      expect(sent).toContainEqual(
        expect.objectContaining({
          type: 'updateUserInfo',
          payload: { user_id: 5, nick_name: 'Ada', avatar_url: null },
        }),
      ),
    );
  });

  it('can hand over a new token and ask for the devices screen', async () => {
    signIn();
    await renderApp('/account?from=maxPC');
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const deliver = (type: string, payload: unknown) =>
      act(() =>
        window.dispatchEvent(
          new MessageEvent('message', { data: { channel: HOST_CHANNEL, type, payload }, source: window }),
        ),
      );
    deliver('updateToken', { user_id: 5, token: 'from-client', expires_in: 600 });
    expect(getSession()).toMatchObject({ userId: 5, token: 'from-client', refreshToken: '' });
    deliver('loginShowDeviceModal', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeTruthy();
    expect(window.location.search).toBe('?from=maxPC');
  });

  it('opens a link to another site through the client, with a one-time credential', async () => {
    signIn();
    emptyAccountServer(5).answer(createTicketRoute, {
      data: { user_id: 5, ticket: 'one-time-ticket', expires_in: 60 },
    });
    await renderApp('/account?from=maxPC');
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    const link = document.createElement('a');
    link.href = 'https://www.example.com/pricing';
    link.textContent = 'pricing';
    screen.getByRole('main').append(link);
    const notCancelled = fireEvent.click(link);
    expect(notCancelled).toBe(false);
    await waitFor(() => expect(sent.map((message) => message.type)).toContain('openOutsideUrl'));
    const opened = sent.find((message) => message.type === 'openOutsideUrl')?.payload as { url: string };
    const url = new URL(opened.url);
    expect(url.origin + url.pathname).toBe('https://www.example.com/pricing');
    expect(JSON.parse(atob(url.searchParams.get('custom') ?? ''))).toEqual({ user_id: 5, ticket: 'one-time-ticket' });
    link.remove();
  });
});
