import { CommonErrors, getClosingForfeitsRoute, logoutRoute } from '@account-centre/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/test-user';
import type { BuildContext } from '../../../lib/build-context';
import { HOST_CHANNEL } from '../../../lib/host-bridge';
import { renderInLanguage } from '../../../testing/render';
import { signedInForEachTest } from '../../../testing/signed-in';
import { failWith, stubApi } from '../../../testing/api';
import { getSession } from '../../../lib/session';
import { AccountActions } from './AccountActions';

const USER = 42;

const user = testUser({ user_id: USER, region: 'domestic' });

/** The desktop client's host object, recording what the page sends it. */
function installClient(capabilities?: 'signOut'[]) {
  const sent: unknown[] = [];
  window.AccountCentreHost = {
    postMessage: (json: string) => sent.push(JSON.parse(json)),
    ...(capabilities ? { capabilities } : {}),
  };
  return sent;
}

const render = (build: Partial<BuildContext>) => renderInLanguage(<AccountActions user={user} />, { build });
const section = () => screen.queryByRole('region', { name: 'Account management' });
/** The texts of the section's links and buttons, in order. */
const links = () => [...(section()?.querySelectorAll('a, button') ?? [])].map((element) => element.textContent);

signedInForEachTest(USER);

describe('the account actions', () => {
  it('link to merging accounts and offer closing in the domestic build', async () => {
    await render({ region: 'domestic' });
    const merge = await screen.findByRole('link', { name: 'Merge accounts' });
    expect(links()).toEqual(['Merge accounts', 'Close account']);
    expect(merge.getAttribute('href')).toBe('https://www.example.cn/account/merge');
    expect(merge.getAttribute('target')).toBe('_blank');
  });

  it('show nothing at all in the overseas browser build', async () => {
    await render({ region: 'overseas' });
    expect(section()).toBeNull();
  });

  it('offer only closing in the overseas Mac store build of the mind-map client', async () => {
    await render({ region: 'overseas', platform: 'mas', tend: 'mindmaster' });
    expect(links()).toEqual(['Close account']);
  });

  it('open the confirmation of closing', async () => {
    // The dialog asks what the account still holds: here, nothing (its own tests show a list).
    stubApi().answer(getClosingForfeitsRoute, { data: { items: [] } });
    await render({ region: 'domestic' });
    fireEvent.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close account' });
    expect(dialog.textContent).toContain('Closing an account cannot be undone');
  });

  it('are in the language shown', async () => {
    await renderInLanguage(<AccountActions user={user} />, { language: 'zh', build: { region: 'domestic' } });
    expect(
      await within(screen.getByRole('region', { name: '账号管理' })).findByRole('link', { name: '合并账号' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '注销账号' })).toBeTruthy();
  });
});

describe('the desktop sign-out link', () => {
  const mindMap = (clientVersion: string): Partial<BuildContext> => ({
    region: 'overseas',
    hostMode: 'desktop',
    from: 'mindmaster',
    clientVersion,
  });

  it.each(['12.2.15', '13.0'])('shows in the mind-map client %s', async (version) => {
    installClient();
    await render(mindMap(version));
    expect(links()).toEqual(['Sign out']);
  });

  it('does not show in the mind-map client 12.2.9', async () => {
    installClient();
    await render(mindMap('12.2.9'));
    expect(section()).toBeNull();
  });

  it('shows in the diagram client only when it declares that it can sign out', async () => {
    installClient();
    await render({ region: 'overseas', hostMode: 'desktop', from: 'maxPC' });
    expect(section()).toBeNull();
    cleanup();

    installClient(['signOut']);
    await render({ region: 'overseas', hostMode: 'desktop', from: 'maxPC' });
    expect(links()).toEqual(['Sign out']);
  });

  it('ends the session on the server and here, and tells the client to sign out', async () => {
    const sent = installClient();
    const api = stubApi().answer(logoutRoute, { data: null });
    await render(mindMap('12.2.15'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sent).toEqual([{ channel: HOST_CHANNEL, type: 'signOut', payload: {} }]));
    expect(api.calls.map((call) => call.line)).toEqual(['POST /api/auth/logout']);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer token-42');
    expect(getSession()).toBeNull();
  });

  it('signs out of the client even when the server cannot end the session', async () => {
    const sent = installClient();
    stubApi().answer(logoutRoute, failWith(CommonErrors.internal));
    await render(mindMap('13.0'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(getSession()).toBeNull();
  });
});
