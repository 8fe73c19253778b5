import {
  AccountErrors,
  CommonErrors,
  getUserRoute,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  startIdentityBindRoute,
  unbindIdentityRoute,
} from '@account-centre/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../lib/user/current-user';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { failWith, type Success, stubApi } from '../../../testing/api';
import { fakePopup } from '../../../testing/popup';
import type * as Snapshot from '../../../lib/build-context/snapshot';
import { IdentityRows, resetIdentityLaunchForTests } from './IdentityRows';
import { testUser, shownToasts } from '../../../testing/test-user';

vi.mock('../../../lib/build-context/snapshot', async (importOriginal) => {
  const original = await importOriginal<typeof Snapshot>();
  return { ...original, getLaunchParams: vi.fn(() => ({ ...launch })) };
});

const launch = { lang: null, to: null, custom: null, pcId: null, openWxBind: false, formName: null };

type Identity = Success<typeof listIdentitiesRoute>['data'][number];

const USER = 42;
const DESKTOP_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const user = (overrides: Partial<UserInfo> = {}) => testUser({ user_id: USER, region: 'domestic', ...overrides });

const configured: Success<typeof listOAuthProvidersRoute> = {
  data: [
    { provider: 'weixin', can_close: true },
    { provider: 'qq', can_close: false },
    { provider: 'google', can_close: true },
  ],
};

const toasts = shownToasts;
const row = (name: string) => screen.findByRole('listitem', { name });

const message = (status: 'success' | 'error', msg = 'ok', provider = 'weixin') => ({
  type: 'account-centre:oauth',
  provider,
  purpose: 'bind',
  status,
  msg,
});

signedInForEachTest(USER);
catchToastsForEachTest();
beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_AGENT);
  launch.openWxBind = false;
  resetIdentityLaunchForTests();
});

describe('third-party sign-in rows', () => {
  it('shows the configured providers of the build, linked or not, and none with banhref', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, { data: [{ provider: 'qq', created_at: 1 }] });
    const view = await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    expect(within(await row('WeChat account')).getByText('Not linked')).toBeTruthy();
    expect(within(await row('QQ account')).getByText('Linked')).toBeTruthy();
    // Weibo is not configured; Google belongs to the overseas build.
    expect(screen.queryByRole('listitem', { name: 'Weibo account' })).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Google account' })).toBeNull();
    view.unmount();

    await renderInLanguage(<IdentityRows user={user({ region: 'overseas' })} />);
    expect(within(await row('Google account')).getByRole('button', { name: 'Link' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'WeChat account' })).toBeNull();
    cleanup();

    const { calls } = stubApi().answer(listOAuthProvidersRoute, configured);
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic', banhref: true } });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('shows nothing when the server has no provider configured', async () => {
    const { calls } = stubApi().answer(listOAuthProvidersRoute, { data: [] });
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    await waitFor(() => expect(calls.map((call) => call.line)).toEqual(['GET /api/auth/oauth/providers']));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('links in a centred 600×600 popup and trusts only its own message', async () => {
    let identities: Identity[] = [];
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, () => ({ data: identities }))
      .answer(getUserRoute, { data: user({ weixin: true }) })
      .answer(startIdentityBindRoute, { data: { url: 'https://open.example/authorize?state=s', expires_in: 600 } });
    const { popup, open, post } = fakePopup();
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Link' }));

    // Opened within the click, before the server answered, then sent to the provider.
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'account-centre-oauth',
      expect.stringMatching(/width=600,height=600/),
    );
    await waitFor(() => expect(popup.location.href).toBe('https://open.example/authorize?state=s'));
    expect(calls.find((call) => call.line.endsWith('/start'))?.url.search).toBe('');

    // Another origin, another window, or a malformed message change nothing.
    post(message('success'), 'https://evil.example');
    post(message('success'), window.location.origin, window);
    post({ type: 'account-centre:oauth', status: 'success' });
    expect(toasts()).toEqual([]);

    identities = [{ provider: 'weixin', created_at: 2 }];
    post(message('success'));
    await waitFor(() => expect(toasts()).toEqual(['Linked successfully']));
    await within(await row('WeChat account')).findByText('Linked');
    expect(within(await row('WeChat account')).getByRole('button', { name: 'Unlink' })).toBeTruthy();
  });

  it('says why a link failed, from the popup’s message', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, { data: [] })
      .answer(startIdentityBindRoute, { data: { url: 'https://open.example/a', expires_in: 600 } });
    const { post } = fakePopup();
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(vi.mocked(window.open)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    post(message('error', 'identity in use'));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'The account you signed in with is already linked to another user, so it was not linked.',
      ]),
    );
  });

  it('tells a phone to link from a computer, without a call', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE_AGENT);
    const { calls } = stubApi().answer(listOAuthProvidersRoute, configured).answer(listIdentitiesRoute, { data: [] });
    const open = vi.spyOn(window, 'open');
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Link' }));
    expect(toasts()).toEqual(['Please link it on a computer; it cannot be linked from a phone or tablet']);
    expect(open).not.toHaveBeenCalled();
    expect(calls.some((call) => call.line.endsWith('/start'))).toBe(false);
  });

  it('says what to do when the popup is blocked, and tries again on a click', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, { data: [] })
      .answer(startIdentityBindRoute, { data: { url: 'https://open.example/a', expires_in: 600 } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow the sign-in window' });
    expect(within(dialog).getByText(/Allow pop-ups for this site/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('hands the flow to the desktop client’s system browser and looks again when the page is back', async () => {
    const sent: { type: string; payload: { url?: string } }[] = [];
    window.AccountCentreHost = { postMessage: (json: string) => void sent.push(JSON.parse(json)) };
    let identities: Identity[] = [];
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, () => ({ data: identities }))
      .answer(getUserRoute, { data: user({ weixin: true }) })
      .answer(startIdentityBindRoute, {
        data: { url: 'http://localhost/api/auth/oauth/weixin/continue?handoff=h', expires_in: 120 },
      });
    const open = vi.spyOn(window, 'open');
    // Without the app's refetch on focus, so what fetches the identities again is the return itself.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    await renderInLanguage(<IdentityRows user={user()} />, {
      build: { region: 'domestic', hostMode: 'desktop' },
      queryClient,
    });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(sent).toContainEqual(
        expect.objectContaining({
          type: 'openOutsideUrl',
          payload: { url: 'http://localhost/api/auth/oauth/weixin/continue?handoff=h' },
        }),
      ),
    );
    expect(calls.find((call) => call.line.endsWith('/start'))?.url.searchParams.get('handoff')).toBe('true');
    expect(open).not.toHaveBeenCalled();

    identities = [{ provider: 'weixin', created_at: 3 }];
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await within(await row('WeChat account')).findByText('Linked');
  });

  it('unlinks after a confirmation, and refuses the only sign-in method before any call', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, { data: [{ provider: 'weixin', created_at: 1 }] })
      .answer(unbindIdentityRoute, { data: user() });
    const view = await renderInLanguage(<IdentityRows user={user({ email: null, weixin: true })} />, {
      build: { region: 'domestic' },
    });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Unlink' }));
    expect(toasts()).toEqual(['Only one sign-in method is left; it cannot be unlinked']);
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();

    await renderInLanguage(<IdentityRows user={user({ weixin: true })} />, { build: { region: 'domestic' } });
    fireEvent.click(within(await row('WeChat account')).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this sign-in method?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(toasts()).toContain('WeChat unlinked'));
    expect(calls.filter((call) => call.line.startsWith('DELETE'))).toHaveLength(1);
  });

  it('shows onlyBind when the server refuses, and unbindFail otherwise', async () => {
    let answer = failWith(AccountErrors.onlyBind);
    stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, {
        data: [
          { provider: 'weixin', created_at: 1 },
          { provider: 'qq', created_at: 1 },
        ],
      })
      .answer(unbindIdentityRoute, () => answer);
    await renderInLanguage(<IdentityRows user={user({ weixin: true, qq: true })} />, { build: { region: 'domestic' } });
    const unlinkQq = async () => {
      fireEvent.click(within(await row('QQ account')).getByRole('button', { name: 'Unlink' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    };
    await unlinkQq();
    await waitFor(() => expect(toasts()).toEqual(['Only one sign-in method is left; it cannot be unlinked']));
    answer = failWith(CommonErrors.internal);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(toasts()[1]).toBe('Unlinking failed, please try again'));
  });

  it('starts WeChat binding once on arrival with openWXBind', async () => {
    launch.openWxBind = true;
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, configured)
      .answer(listIdentitiesRoute, { data: [] })
      .answer(startIdentityBindRoute, { data: { url: 'https://open.example/a', expires_in: 600 } });
    const { popup } = fakePopup();
    const view = await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    await waitFor(() => expect(popup.location.href).toBe('https://open.example/a'));
    view.unmount();
    await renderInLanguage(<IdentityRows user={user()} />, { build: { region: 'domestic' } });
    await row('WeChat account');
    expect(calls.filter((call) => call.line.endsWith('/start'))).toHaveLength(1);
  });

  it('texts the rows in Chinese with the brands as Chinese writes them', async () => {
    stubApi()
      .answer(listOAuthProvidersRoute, {
        data: [
          { provider: 'weixin', can_close: true },
          { provider: 'weibo', can_close: false },
        ],
      })
      .answer(listIdentitiesRoute, { data: [] });
    await renderInLanguage(<IdentityRows user={user()} />, { language: 'zh', build: { region: 'domestic' } });
    expect(within(await row('微信')).getByRole('button', { name: '绑定' })).toBeTruthy();
    expect(await row('微博')).toBeTruthy();
  });
});
