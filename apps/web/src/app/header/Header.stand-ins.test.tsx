import { activityBariconRoute, getUserRoute } from '@account-centre/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLanguage, resetLanguage } from '../../testing/render';
import { stubApi } from '../../testing/api';
import { clearSession, saveSession } from '../../lib/session';
import { testUser } from '../../testing/test-user';
import { Header } from './Header';

// Its own file, so the header's interactive parts are not loaded yet when the bar renders:
// what a visitor sees in the moment before they arrive.

afterEach(async () => {
  cleanup();
  clearSession();
  await resetLanguage();
});

describe('the header before its menus have loaded', () => {
  it('opens the dropdown that was clicked, once its code is there', async () => {
    stubApi().answer(activityBariconRoute, { data: null });
    await renderInLanguage(<Header />, { language: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Diagrams' }));
    const dropdown = await screen.findByRole('menu', { name: 'Diagrams' });
    expect(within(dropdown).getAllByRole('menuitem')).toHaveLength(16);
  });

  it('opens the sign-out menu when the pointer came over the avatar early', async () => {
    saveSession({
      user_id: 42,
      token: 'access-token-1234567890',
      refresh_token: 'refresh-1234567890',
      expires_in: 900,
    });
    stubApi()
      .answer(activityBariconRoute, { data: null })
      .answer(getUserRoute, { data: testUser({ user_id: 42, nick_name: 'ada', avatar_url: null }) });
    await renderInLanguage(<Header />, { language: 'en' });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });
});
