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
const activation = { kind: 'activation' as const, product: 'max' as const, grants: [], benefits: [] };
/** Noon UTC, so the day shown is the same in every time zone the tests run in. */
const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;
const renewal = {
  ...activation,
  benefits: [
    {
      kind: 'licence' as const,
      product: 'max' as const,
      order_type: 209,
      version: null,
      platforms: ['win' as const, 'mac' as const, 'linux' as const],
      was: day('2027-11-30'),
      until: day('2028-11-30'),
    },
  ],
};
const gifts = {
  kind: 'gift' as const,
  product: null,
  grants: [],
  benefits: [
    { kind: 'ai_points' as const, amount: 500, expires_at: day('2027-03-02') },
    { kind: 'template_credit' as const, amount: 1000, currency: 'CNY' as const, expires_at: null },
    { kind: 'coupon' as const, type: 1 as const, value: 500, currency: 'USD' as const, min_spend: 0, expires_at: null },
    { kind: 'course' as const, course: 'mind-basics-101' },
    { kind: 'seats' as const, product: 'max' as const, seats: 4, expires_at: null },
  ],
};

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

  it('sends one request for a double click', async () => {
    const api = stubApi().answer(redeemLicenceCodeRoute, { data: activation });
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic' } });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: CODE } });
    // Both submits of a double click land before React has drawn the busy button.
    const form = screen.getByRole('button', { name: 'Confirm' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('status', { name: /Bound to your account/ })).toBeTruthy();
    expect(api.callsTo(redeemLicenceCodeRoute)).toHaveLength(1);
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

describe('the reminder box', () => {
  const benefitsIn = async (name: string) =>
    within(await screen.findByRole('list', { name }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('says what a renewal changed: the plan, its end now and before', async () => {
    stubApi().answer(redeemLicenceCodeRoute, { data: renewal });
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'domestic' } });
    typeAndConfirm(CODE);
    expect(await benefitsIn('What you received')).toEqual([
      'Diagram · 1-year plan: now until 11/30/2028 (was 11/30/2027)',
    ]);
    cleanup();
    stubApi().answer(redeemLicenceCodeRoute, { data: renewal });
    await renderInLanguage(<BindScreen />, { path: '/bind', language: 'zh', build: { region: 'domestic' } });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await benefitsIn('您获得的权益')).toEqual(['图示 1 年版：现有效期至 2028/11/30（原为 2027/11/30）']);
  });

  it('names every benefit of a gift in the reader’s language and each one’s own unit', async () => {
    stubApi().answer(redeemGiftCodeRoute, { data: gifts });
    await renderInLanguage(<BindScreen />, { path: '/bind', build: { region: 'overseas' } });
    typeAndConfirm(CODE);
    expect(await benefitsIn('What you received')).toEqual([
      'AI points: 500, valid until 03/02/2027',
      'Template credit: CN¥10.00',
      'Coupon: $5.00 off',
      'A course, now listed under Courses',
      'Team seats: 4',
    ]);
    cleanup();
    stubApi().answer(redeemGiftCodeRoute, { data: gifts });
    await renderInLanguage(<BindScreen />, { path: '/bind', language: 'de', build: { region: 'overseas' } });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await benefitsIn('Das haben Sie erhalten')).toContain('Gutschein: 5,00\u00a0$ Rabatt');
  });
});

describe('the licence screen', () => {
  it('binds licence keys, and gift codes as its text invites, in both regions', async () => {
    for (const region of ['overseas', 'domestic'] as const) {
      const api = stubApi().answer(redeemLicenceCodeRoute, { data: activation });
      await renderInLanguage(<LicenseScreen />, { path: '/license', build: { region } });
      expect(screen.queryByRole('radiogroup')).toBeNull();
      expect(screen.getByText(/or a gift code to receive its gift/)).toBeTruthy();
      typeAndConfirm(CODE);
      expect(await screen.findByText('Diagram is now active on this account.')).toBeTruthy();
      api.answer(redeemLicenceCodeRoute, { data: gifts });
      typeAndConfirm(CODE);
      expect(await screen.findByText('Your gift has been added to this account.')).toBeTruthy();
      expect(screen.getByText('AI points: 500, valid until 03/02/2027')).toBeTruthy();
      cleanup();
    }
  });
});
