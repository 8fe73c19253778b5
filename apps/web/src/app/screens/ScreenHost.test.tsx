import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../lib/session';
import { emptyAccountServer, renderApp } from '../../testing/render-app';

// The order screen's file is missing from the server (a deploy replaced it, or the network
// dropped it): its import fails as a browser's does.
vi.mock('../../features/order', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/screen-order.js');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearSession();
  vi.unstubAllGlobals();
});

describe('a screen whose code cannot be loaded', () => {
  it('shows the chunk-load error with a reload button, and leaves the rest working', async () => {
    emptyAccountServer(5);
    // React reports errors its boundaries catch on the console; this one is expected.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession({ user_id: 5, token: 'tok', refresh_token: 'ref', expires_in: 900 });
    await renderApp('/order?from=maxPC');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This page could not be loaded')).toBeTruthy();
    const reload = within(alert).getByRole('button', { name: 'Reload page' });

    // The other screens still open.
    const menu = screen.getByRole('navigation', { name: 'Account sections' });
    fireEvent.click(within(menu).getByRole('link', { name: 'Devices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeTruthy();

    fireEvent.click(within(menu).getByRole('link', { name: 'Orders' }));
    expect(reload.isConnected).toBe(true);
    const reloadPage = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    fireEvent.click(reload);
    expect(reloadPage).toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled();
  });
});
