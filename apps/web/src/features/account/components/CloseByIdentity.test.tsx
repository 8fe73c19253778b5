import {
  AuthErrors,
  CommonErrors,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  refreshRoute,
  startCloseByIdentityRoute,
} from '@account-centre/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { failWith, stubApi } from '../../../testing/api';
import { fakePopup } from '../../../testing/popup';
import { finishAccountClose } from '../close-account';
import { CloseByIdentity } from './CloseByIdentity';
import { shownToasts, testUser } from '../../../testing/test-user';

vi.mock('../close-account', () => ({ finishAccountClose: vi.fn() }));

const USER = 7;
const user = testUser({
  user_id: USER,
  nick_name: 'Bo',
  email: null,
  weixin: true,
  qq: true,
  hasPwd: false,
  region: 'domestic',
});

const toasts = shownToasts;

const closeMessage = (status: 'success' | 'error', msg = 'ok') => ({
  type: 'account-centre:oauth',
  provider: 'weixin',
  purpose: 'close',
  status,
  msg,
});

signedInForEachTest(USER);
catchToastsForEachTest();
afterEach(() => {
  vi.mocked(finishAccountClose).mockClear();
});

const api = () =>
  stubApi()
    .answer(listOAuthProvidersRoute, {
      data: [
        { provider: 'weixin', can_close: true },
        { provider: 'qq', can_close: false },
      ],
    })
    .answer(listIdentitiesRoute, {
      data: [
        { provider: 'weixin', created_at: 1 },
        { provider: 'qq', created_at: 2 },
      ],
    })
    .answer(startCloseByIdentityRoute, { data: { url: 'https://open.example/c', expires_in: 600 } });

describe('closing the account by a third-party sign-in', () => {
  it('offers the linked providers that can prove the owner, and finishes the close on success', async () => {
    const { calls } = api();
    const { popup, post } = fakePopup();
    await renderInLanguage(<CloseByIdentity user={user} />, { build: { region: 'domestic' } });
    // QQ is linked but has no ID token to verify: not offered.
    fireEvent.click(await screen.findByRole('button', { name: 'WeChat account' }));
    expect(screen.queryByRole('button', { name: 'QQ account' })).toBeNull();
    await waitFor(() => expect(popup.location.href).toBe('https://open.example/c'));
    expect(calls.map((call) => call.line)).toContain(`POST /api/user/${USER}/close/identity/weixin/start`);
    expect(screen.getByRole('status').textContent).toBe('Finish signing in in the window that opened.');

    post(closeMessage('success'));
    await waitFor(() => expect(finishAccountClose).toHaveBeenCalledTimes(1));
  });

  it('says so when another account signed in, and closes nothing', async () => {
    api();
    const { popup, post } = fakePopup();
    await renderInLanguage(<CloseByIdentity user={user} />, { build: { region: 'domestic' } });
    fireEvent.click(await screen.findByRole('button', { name: 'WeChat account' }));
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    post(closeMessage('error', 'not bound'));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'You signed in with a different account than the one linked here; nothing was closed.',
      ]),
    );
    expect(finishAccountClose).not.toHaveBeenCalled();
  });

  it('shows nothing without a linked provider that can close', async () => {
    const { calls } = stubApi()
      .answer(listOAuthProvidersRoute, { data: [{ provider: 'weixin', can_close: true }] })
      .answer(listIdentitiesRoute, { data: [] });
    await renderInLanguage(<CloseByIdentity user={user} />, { build: { region: 'domestic' } });
    await waitFor(() => expect(calls.map((call) => call.line)).toContain(`GET /api/user/${USER}/identity`));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/linked account/)).toBeNull();
  });

  it('in the desktop client, finishes the close when the page returns to a closed account', async () => {
    window.AccountCentreHost = { postMessage: () => {} };
    let closed = false;
    stubApi()
      .answer(listOAuthProvidersRoute, { data: [{ provider: 'weixin', can_close: true }] })
      .answer(listIdentitiesRoute, () =>
        closed ? failWith(CommonErrors.unauthorized) : { data: [{ provider: 'weixin' as const, created_at: 1 }] },
      )
      .answer(startCloseByIdentityRoute, {
        data: { url: 'http://localhost/api/auth/oauth/weixin/continue?handoff=h', expires_in: 120 },
      })
      .answer(refreshRoute, failWith(AuthErrors.invalidRefreshToken));
    try {
      await renderInLanguage(<CloseByIdentity user={user} />, { build: { region: 'domestic', hostMode: 'desktop' } });
      fireEvent.click(await screen.findByRole('button', { name: 'WeChat account' }));
      await waitFor(() => expect(toasts()).toEqual(['Continue in your browser: sign in there, then come back here']));
      closed = true;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(finishAccountClose).toHaveBeenCalledTimes(1));
    } finally {
      delete window.AccountCentreHost;
    }
  });
});
