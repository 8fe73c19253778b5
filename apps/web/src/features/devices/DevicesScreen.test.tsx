import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import {
  CommonErrors,
  DeviceErrors,
  endSessionRoute,
  getDiagramDevicesRoute,
  getMindMapDevicesRoute,
  getProjectDevicesRoute,
  listSessionsRoute,
  notMeRoute,
  signInHistoryRoute,
  signOutDeviceRoute,
  unbindDiagramDeviceRoute,
} from '@account-centre/contract';
import { onAppEvent } from '../../lib/app-events';
import { renderInLanguage } from '../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../testing/signed-in';
import { failWith, type Success, stubApi } from '../../testing/api';
import { getSession } from '../../lib/session';
import { DeviceLimitModal } from './components/DeviceLimitModal';
import { DevicesScreen } from './DevicesScreen';

const USER = 42;
const at = 1_714_550_400; // 2024-05-01

type DeviceRow = Success<typeof getDiagramDevicesRoute>['data'][number];
type SessionRow = Success<typeof listSessionsRoute>['data'][number];

const device = (id: string, overrides: Partial<DeviceRow> = {}): DeviceRow => ({
  device_id: id,
  device_name: `Machine ${id}`,
  platform: 'pc',
  tag: 'PC',
  product: 'diagram',
  current: false,
  activated_at: at,
  last_used_at: at,
  ...overrides,
});

const list = (devices: DeviceRow[], limit: number) => ({ data: devices, count: devices.length, limit });

const browserSession: SessionRow = {
  id: 's-current',
  current: true,
  method: 'password',
  client: { kind: 'browser', name: 'Chrome', version: '126', os: 'Linux' },
  ip: '127.0.0.1',
  location: 'local',
  device_id: null,
  device: null,
  signed_in_at: at,
  last_active_at: at,
  expires_at: at + 3600,
};
const appSession: SessionRow = {
  ...browserSession,
  id: 's-app',
  current: false,
  method: 'ticket',
  client: { kind: 'app', name: 'EdrawMax', version: null, os: 'Windows' },
  location: null,
  device_id: 'pc-1',
  device: { device_name: 'Office PC', platform: 'pc', tag: 'PC', products: ['diagram', 'mind-map'] },
};

/** The server of a diagram user with two devices, two sessions and two sign-in events. */
function api() {
  return stubApi()
    .answer(getMindMapDevicesRoute, list([], 3))
    .answer(
      getDiagramDevicesRoute,
      list([device('pc-1', { current: true }), device('phone-2', { platform: 'ios', tag: 'Mobile' })], 3),
    )
    .answer(getProjectDevicesRoute, list([], 1))
    .answer(listSessionsRoute, { data: [browserSession, appSession], count: 2 })
    .answer(signInHistoryRoute, {
      data: [
        { id: 9, at, result: 'failure', method: 'password', client: browserSession.client, ip: null, location: null },
        {
          id: 8,
          at,
          result: 'success',
          method: 'password',
          client: browserSession.client,
          ip: null,
          location: 'local',
        },
      ],
      count: 2,
    });
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

signedInForEachTest(USER);
catchToastsForEachTest();

async function openDiagramTab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Diagram' }));
  return screen.findByRole('list', { name: 'Diagram' });
}

describe('the device lists', () => {
  it('shows each product’s devices with their tags, the current device and the limit', async () => {
    api();
    await renderInLanguage(<DevicesScreen />);
    expect(await screen.findByText('No devices yet')).toBeTruthy();
    expect(screen.getByText('0 of 3 devices')).toBeTruthy();

    const devices = await openDiagramTab();
    const first = within(devices).getByRole('listitem', { name: 'Machine pc-1' });
    expect(within(first).getByText('PC')).toBeTruthy();
    expect(within(first).getByText('This device')).toBeTruthy();
    const second = within(devices).getByRole('listitem', { name: 'Machine phone-2' });
    expect(within(second).getByText('Mobile')).toBeTruthy();
    expect(within(second).queryByText('This device')).toBeNull();
    expect(screen.getByText('2 of 3 devices')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Project' }));
    expect(await screen.findByText('0 of 1 device')).toBeTruthy();
  });

  it('speaks the reader’s language, plural forms included', async () => {
    api();
    await renderInLanguage(<DevicesScreen />, { language: 'ru' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Диаграммы' }));
    expect(await screen.findByText('2 из 3 устройств')).toBeTruthy();
    expect(screen.getByText('Мобильное')).toBeTruthy();
  });
});

describe('unbinding a device', () => {
  it('asks first, sends one request however often it is confirmed, and removes the device', async () => {
    let release: () => void = () => {};
    let unbound = false;
    const calls = api()
      // The server's list, which no longer has the device once it is unbound.
      .answer(getDiagramDevicesRoute, () =>
        list(unbound ? [device('pc-1', { current: true })] : [device('pc-1'), device('phone-2')], 3),
      )
      .answer(
        unbindDiagramDeviceRoute,
        () =>
          new Promise((resolve) => {
            release = () => {
              unbound = true;
              resolve({ data: { sessions_ended: 1, current: false } });
            };
          }),
      );
    await renderInLanguage(<DevicesScreen />);
    await openDiagramTab();
    fireEvent.click(screen.getByRole('button', { name: 'Unbind Machine phone-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unbind this device?' });
    const confirm = within(dialog).getByRole('button', { name: 'Unbind' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.calls.filter((c) => c.line.startsWith('DELETE'))).toHaveLength(1));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Machine phone-2' })).toBeNull());
    expect(calls.calls.filter((c) => c.line.startsWith('DELETE'))).toHaveLength(1);
    expect(screen.getByText('1 of 3 devices')).toBeTruthy();
    expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Unbind successful', autoClose: 1500 }));
  });

  it('shows the generic error when the unbind fails, and keeps the device', async () => {
    api().answer(unbindDiagramDeviceRoute, failWith(CommonErrors.notFound));
    await renderInLanguage(<DevicesScreen />);
    await openDiagramTab();
    fireEvent.click(screen.getByRole('button', { name: 'Unbind Machine phone-2' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unbind' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          message: 'There was an error with your request. Please try again later.',
          color: 'red',
        }),
      ),
    );
    expect(screen.getByRole('listitem', { name: 'Machine phone-2' })).toBeTruthy();
  });

  it('closes the desktop client’s dialog when the device it runs on is unbound', async () => {
    const postMessage = vi.fn();
    window.AccountCentreHost = { postMessage };
    api().answer(unbindDiagramDeviceRoute, { data: { sessions_ended: 1, current: true } });
    await renderInLanguage(<DevicesScreen />, { build: { hostMode: 'desktop', from: 'maxPC' } });
    // The diagram client opens on its own product's tab.
    fireEvent.click(await screen.findByRole('button', { name: 'Unbind Machine pc-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/you will be signed out here too/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unbind' }));
    await waitFor(() => expect(postMessage).toHaveBeenCalled());
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] as string)).toEqual({
      channel: 'account-centre',
      type: 'closeDialog',
      payload: {},
    });
    expect(getSession()).toBeNull();
  });
});

describe('where am I signed in', () => {
  it('lists the sessions with the current one marked, and signs another one out', async () => {
    const calls = api().answer(endSessionRoute, { data: { current: false } });
    await renderInLanguage(<DevicesScreen />);
    const sessions = await screen.findByRole('list', { name: 'Where you are signed in' });
    const current = within(sessions).getByRole('listitem', { name: 'Chrome 126 · Linux' });
    expect(within(current).getByText('This session')).toBeTruthy();
    expect(within(current).getByText(/Local network/)).toBeTruthy();
    const app = within(sessions).getByRole('listitem', { name: 'EdrawMax · Windows' });
    expect(within(app).getByText('Office PC · Diagram, Mind map')).toBeTruthy();
    expect(within(app).getByText(/Location unknown/)).toBeTruthy();
    // Only a session on an activated device can be unbound as well.
    expect(within(current).queryByRole('button', { name: /Sign out and unbind/ })).toBeNull();

    fireEvent.click(within(app).getByRole('button', { name: 'Sign out EdrawMax · Windows' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.calls.map((c) => c.line)).toContain(`DELETE /api/user/${USER}/sessions/s-app`));
    await waitFor(() => expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Signed out' })));
    expect(getSession()).not.toBeNull();
  });

  it('signs out and unbinds a device across products', async () => {
    const calls = api().answer(signOutDeviceRoute, {
      data: { products: ['diagram'], sessions_ended: 1, current: false },
    });
    await renderInLanguage(<DevicesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out and unbind Office PC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out and unbind this device?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out and unbind' }));
    await waitFor(() => expect(calls.calls.map((c) => c.line)).toContain(`DELETE /api/user/${USER}/devices/pc-1`));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ message: 'The device is signed out and unbound' })),
    );
  });
});

describe('sign-in history', () => {
  it('shows failed and successful attempts', async () => {
    api();
    await renderInLanguage(<DevicesScreen />);
    const table = await screen.findByRole('table', { name: 'Sign-in history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Succeeded')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Password')).toBeTruthy();
  });

  it('“this wasn’t me” secures the account, signs out here and asks for forgot password', async () => {
    const requested = vi.fn();
    const off = onAppEvent('signInRequested', requested);
    const calls = api().answer(notMeRoute, {
      data: { sessions_ended: 2, devices_unbound: 1, password_withdrawn: true },
    });
    await renderInLanguage(<DevicesScreen />);
    const table = await screen.findByRole('table', { name: 'Sign-in history' });
    fireEvent.click(within(table).getByRole('button', { name: 'This wasn’t me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secure your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Secure my account' }));
    await waitFor(() => expect(requested).toHaveBeenCalledWith({ view: 'forgot' }));
    off();
    expect(calls.calls.find((c) => c.line === `POST /api/user/${USER}/not-me`)?.body).toEqual({ event_id: 8 });
    expect(getSession()).toBeNull();
  });

  it('explains a refusal of the device calls in the reader’s language', async () => {
    const calls = api().answer(notMeRoute, failWith(DeviceErrors.passwordResetRequired));
    await renderInLanguage(<DevicesScreen />);
    // The section's own button disowns no sign-in in particular: the account as a whole.
    const [forAccount] = await screen.findAllByRole('button', { name: 'This wasn’t me' });
    fireEvent.click(forAccount as HTMLElement);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Secure my account' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          message: 'Your password was removed to secure your account. Set a new one with “Forgot password”.',
        }),
      ),
    );
    expect(calls.calls.find((c) => c.line === `POST /api/user/${USER}/not-me`)?.body).toEqual({});
    expect(getSession()).not.toBeNull();
  });
});

describe('the device modal of an over-limit sign-in', () => {
  it('lists the product’s devices and tells the client to retry once one is unbound', async () => {
    const postMessage = vi.fn();
    window.AccountCentreHost = { postMessage };
    const onClose = vi.fn();
    api().answer(unbindDiagramDeviceRoute, { data: { sessions_ended: 0, current: false } });
    await renderInLanguage(<DeviceLimitModal userId={USER} product="diagram" onClose={onClose} />, {
      build: { hostMode: 'desktop', from: 'maxPC' },
    });
    const modal = await screen.findByRole('dialog', { name: 'Device limit reached' });
    expect(within(modal).getByText(/Diagram is in use on all the devices/)).toBeTruthy();
    fireEvent.click(await within(modal).findByRole('button', { name: 'Unbind Machine phone-2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unbind this device?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unbind' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postMessage.mock.calls.map(([json]) => JSON.parse(json as string))).toEqual([
      { channel: 'account-centre', type: 'retryLogin', payload: { product: 'diagram' } },
    ]);
  });
});
