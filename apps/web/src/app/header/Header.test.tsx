import { activityBariconRoute, getUserRoute } from '@account-centre/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSignIn, getSignInPrompt } from '../../features/auth';
import { renderInLanguage, resetLanguage } from '../../testing/render';
import { stubApi } from '../../testing/api';
import { clearSession, saveSession } from '../../lib/session';
import { testUser } from '../../testing/test-user';
import type { UserInfo } from '../../lib/user/current-user';
import { Header } from './Header';
import { loadHeaderParts } from './header-parts';
import { USER_MENU_CLOSE_DELAY_MS, initialOf } from './UserMenu';

const session = {
  user_id: 42,
  token: 'access-token-1234567890',
  refresh_token: 'refresh-token-1234567890',
  expires_in: 900,
};

function user(overrides: Partial<UserInfo> = {}) {
  return testUser({ nick_name: 'ada lovelace', language: null, created_at: 0, ...overrides });
}

/** happy-dom's window can change its viewport, which media queries then follow. */
type HappyWindow = Window & { happyDOM?: { setViewport(size: { width: number; height: number }): void } };

function setWidth(width: number) {
  (window as HappyWindow).happyDOM?.setViewport({ width, height: 900 });
}

// The menus as a visitor meets them once loaded; the moment before is Header.stand-ins.test.tsx.
beforeAll(async () => {
  await loadHeaderParts();
});

beforeEach(() => {
  clearSession();
  closeSignIn();
  setWidth(1440);
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
  await resetLanguage();
});

describe('Header, international variant', () => {
  it('shows the menus and links of spec 02 §2, each link opening in a new tab', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    await renderInLanguage(<Header />, { language: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Products', 'Diagrams', 'Resources'])
      expect(within(nav).getByRole('button', { name })).toBeTruthy();
    for (const name of ['Support', 'Download', 'Pricing']) {
      const link = within(nav).getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('https://www.example.com/search');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('opens sign-in from its button', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    await renderInLanguage(<Header />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(getSignInPrompt()).toEqual({ opened: true, view: 'password' });
  });

  it('opens a dropdown of links and collapses it when the window is resized', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    await renderInLanguage(<Header />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Diagrams' }));
    const dropdown = await screen.findByRole('menu', { name: 'Diagrams' });
    expect(within(dropdown).getAllByRole('menuitem')).toHaveLength(16);
    const flowchart = within(dropdown).getByRole('menuitem', { name: 'Flowchart' });
    expect(flowchart.getAttribute('href')).toBe('https://www.example.com/diagrams/flowchart');
    expect(flowchart.getAttribute('target')).toBe('_blank');
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Diagrams' })).toBeNull());
  });

  it('is not shown inside a desktop client or a frame', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    const { container } = await renderInLanguage(<Header />, { build: { hostMode: 'desktop', from: 'maxPC' } });
    expect(container.querySelector('header')).toBeNull();
  });

  it('moves the links behind a burger on narrow screens', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    setWidth(390);
    await renderInLanguage(<Header />, { language: 'de' });
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Kontocenter' });
    expect(within(drawer).getByRole('link', { name: 'Preise' }).getAttribute('href')).toBe(
      'https://www.example.com/de/pricing',
    );
  });
});

describe('the running activity tag, in every region and layout', () => {
  const campaign = { name: 'Black Friday', url: 'https://www.example.com/black-friday' };

  it('sits on the pricing link of the international variant', async () => {
    stubApi().answer(activityBariconRoute, { data: campaign });
    await renderInLanguage(<Header />, { language: 'en', build: { region: 'overseas' } });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const tag = await within(nav).findByRole('link', { name: 'Black Friday' });
    expect(tag.getAttribute('href')).toBe(campaign.url);
    expect(tag.parentElement?.textContent).toContain('Pricing');
  });

  it.each([
    ['en', 'overseas', 'Open navigation', 'Account Centre'],
    ['zh', 'domestic', '打开导航', '账号中心'],
  ] as const)('shows in the phone drawer too (%s)', async (language, region, burger, title) => {
    stubApi().answer(activityBariconRoute, { data: campaign });
    setWidth(390);
    await renderInLanguage(<Header />, { language, build: { region } });
    fireEvent.click(screen.getByRole('button', { name: burger }));
    const drawer = await screen.findByRole('dialog', { name: title });
    const tag = await within(drawer).findByRole('link', { name: 'Black Friday' });
    expect(tag.getAttribute('href')).toBe(campaign.url);
  });
});

describe('Header, China variant', () => {
  it('offers sign-in and registration, and shows the running activity tag', async () => {
    const api = stubApi().answer(activityBariconRoute, {
      data: { name: '双十一', url: 'https://www.example.cn/1111' },
    });
    await renderInLanguage(<Header />, { language: 'zh', build: { region: 'domestic' } });
    const nav = screen.getByRole('navigation', { name: '主导航' });
    for (const name of ['会员', '企业服务', '下载', '模板社区', '帮助中心'])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    const tag = await within(nav).findByRole('link', { name: '双十一' });
    expect(tag.getAttribute('href')).toBe('https://www.example.cn/1111');
    expect(tag.getAttribute('target')).toBe('_blank');
    expect(api.calls.find((call) => call.line === 'GET /api/user/activity/baricon')?.url.search).toBe('?position=1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(getSignInPrompt()).toEqual({ opened: true, view: 'signUp' });
  });

  it('shows no tag when none is running', async () => {
    const api = stubApi().answer(activityBariconRoute, { data: null });
    await renderInLanguage(<Header />, { language: 'zh', build: { region: 'domestic' } });
    await waitFor(() => expect(api.calls.some((call) => call.line === 'GET /api/user/activity/baricon')).toBe(true));
    await act(async () => {});
    expect(screen.queryByTestId('activity-tag')).toBeNull();
  });
});

describe('the sign-out menu', () => {
  async function renderSignedIn(overrides: Record<string, unknown> = {}) {
    saveSession(session);
    stubApi()
      .answer(activityBariconRoute, { data: null })
      .answer(getUserRoute, { data: user(overrides) });
    await renderInLanguage(<Header />, { language: 'en' });
    return screen.getByRole('button', { name: 'Account menu' });
  }

  it('shows the first character of the nickname when there is no picture', async () => {
    const avatar = await renderSignedIn();
    expect(await within(avatar).findByText('A')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(initialOf('  李雷')).toBe('李');
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('')).toBe('');
  });

  it('opens on hover and closes 2 s after the pointer leaves', async () => {
    const avatar = await renderSignedIn();
    await within(avatar).findByText('A');
    vi.useFakeTimers();
    fireEvent.mouseEnter(avatar);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('ada lovelace')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();

    fireEvent.mouseLeave(avatar);
    act(() => vi.advanceTimersByTime(USER_MENU_CLOSE_DELAY_MS - 1));
    expect(screen.queryByRole('menu')).not.toBeNull();
    // Coming back over the menu keeps it open.
    fireEvent.mouseEnter(menu);
    act(() => vi.advanceTimersByTime(USER_MENU_CLOSE_DELAY_MS * 2));
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.mouseLeave(menu);
    act(() => vi.advanceTimersByTime(USER_MENU_CLOSE_DELAY_MS));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(USER_MENU_CLOSE_DELAY_MS).toBe(2000);
  });

  it('closes at once on a click outside', async () => {
    const avatar = await renderSignedIn();
    fireEvent.mouseEnter(avatar);
    fireEvent.mouseLeave(avatar);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('stays open when a tap both hovers and clicks the avatar', async () => {
    const avatar = await renderSignedIn();
    fireEvent.mouseEnter(avatar);
    fireEvent.click(avatar);
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});
