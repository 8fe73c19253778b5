import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodeErrors, redeemGiftCodeRoute, redeemLicenceCodeRoute } from '@account-centre/contract';
import { failWith, stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { BindScreen } from './BindScreen';
import { LicenseScreen } from './LicenseScreen';

const USER = 7;
const CODE = 'ABCD-EFGH-JKMN-PQRS';
const activation = { kind: 'activation' as const, product: 'max' as const, grants: [] };

signedInForEachTest(USER);

function typeAndConfirm(code: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('the bind screen', () => {
  it('offers licence keys and gift codes in the domestic build, gift codes only overseas', async () => {
    stubApi();
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic' } });
    const kinds = screen.getByRole('radiogroup', { name: 'Code type' });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['licence', 'gift']);
    cleanup();
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic', tend: 'project' } });
    expect(screen.getByRole('textbox', { name: 'Project code' })).toBeTruthy();
    cleanup();
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'overseas' } });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Gift code' })).toBeTruthy();
  });

  it('warns of an empty input without asking the server', async () => {
    const api = stubApi();
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic' } });
    typeAndConfirm('  ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your licence key.');
    fireEvent.click(screen.getByRole('radio', { name: 'Gift code' }));
    typeAndConfirm('');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your gift code.');
    expect(api.calls).toEqual([]);
  });

  it('binds a licence key, names the product, tells the desktop client and reminds to restart', async () => {
    const sent = vi.fn();
    window.AccountCentreHost = { postMessage: sent } as unknown as typeof window.AccountCentreHost;
    const api = stubApi().answer(redeemLicenceCodeRoute, { data: activation });
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic', hostMode: 'desktop' } });
    typeAndConfirm(CODE);
    const reminder = await screen.findByRole('status', { name: /Bound to your account/ });
    expect(reminder.textContent).toContain('Diagram is now active on this account.');
    expect(reminder.textContent).toContain('Restart the desktop software');
    expect(within(reminder).getByRole('link', { name: 'Open Diagram' }).getAttribute('href')).toContain('download');
    expect(api.callsTo(redeemLicenceCodeRoute).map((call) => call.body)).toEqual([{ code: CODE }]);
    expect(sent.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining('bindSuccess')]);
  });

  it('shows each answer of spec 01 §8 in the reader’s language', async () => {
    const failures = [CodeErrors.overLimit, CodeErrors.expired, CodeErrors.used, CodeErrors.notExists];
    const expected = [
      '该兑换码已达到使用次数上限。',
      '激活码已过期。',
      '该激活码已被绑定，请勿重复绑定。',
      '激活码错误，请重新输入。',
    ];
    let next = 0;
    stubApi().answer(redeemLicenceCodeRoute, () => failWith(failures[next++]!));
    await renderInLanguage(<BindScreen />, { path: '/bind', language: 'zh', build: { region: 'domestic' } });
    for (const text of expected) {
      fireEvent.change(screen.getByRole('textbox'), { target: { value: CODE } });
      fireEvent.click(screen.getByRole('button', { name: '确认' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    }
  });

  it('reads a gift code’s failures other than the usage limit and a held coupon as an invalid gift code', async () => {
    const failures = [CodeErrors.used, CodeErrors.overLimit, CodeErrors.expired, CodeErrors.couponHeld];
    const expected = [
      'Invalid gift code.',
      'This code has reached its usage limit.',
      'Invalid gift code.',
      // A gift of a coupon while one is held: what to do about it, not "invalid".
      'You already hold a coupon. Use it, or replace it on the Coupons page, before redeeming this code.',
    ];
    let next = 0;
    stubApi().answer(redeemGiftCodeRoute, () => failWith(failures[next++]!));
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'overseas' } });
    for (const text of expected) {
      typeAndConfirm(CODE);
      await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(text));
      // The next answer replaces this one: wait for it to change, not for it to appear.
      fireEvent.change(screen.getByRole('textbox'), { target: { value: '' } });
    }
  });
});

describe('the licence screen', () => {
  it('binds licence keys only', async () => {
    stubApi().answer(redeemLicenceCodeRoute, { data: activation });
    await renderInLanguage(<LicenseScreen />, { path: '/license', build: { region: 'overseas' } });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    typeAndConfirm(CODE);
    expect(await screen.findByText('Diagram is now active on this account.')).toBeTruthy();
  });
});
