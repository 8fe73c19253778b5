import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bindCouponRoute, CouponErrors, getCouponsRoute } from '@account-centre/contract';
import { failWith, stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import type { Coupon } from './api/get-coupons';
import { CouponScreen } from './CouponScreen';

const USER = 7;

signedInForEachTest(USER);

const tenOff: Coupon = {
  id: 31,
  info: ['Spring templates sale'],
  product: 'all',
  product_type: 'template',
  type: 1,
  value: 1000,
  currency: 'CNY',
  min_spend: 5000,
  updated_at: 1_790_000_000,
  exp: 1_792_592_000,
  url: [
    { name: 'max', url: '/templates/diagram' },
    { name: 'mind', url: '/templates/mind-map' },
  ],
  code: '••••-••••-••••-WXYZ',
  range: ['max', 'mind'],
  rules: ['account_only', 'one_per_order'],
};

function typeAndConfirm(code: string, confirm = 'Confirm') {
  fireEvent.change(screen.getByRole('textbox', { name: /coupon code|优惠券码/i }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: confirm }));
}

describe('the coupons screen', () => {
  it('shows the held coupon: value, range of use, limits, expiry, rules and where to use it', async () => {
    stubApi().answer(getCouponsRoute, { data: [tenOff] });
    await renderInLanguage(<CouponScreen />, { path: '/coupon', language: 'zh', build: { region: 'domestic' } });
    const card = await screen.findByRole('article', { name: '立减¥10.00' });
    expect(card.textContent).toContain('Spring templates sale');
    expect(card.textContent).toContain('图示模板 · 思维导图模板');
    expect(card.textContent).toContain('订单满¥50.00可用');
    expect(card.textContent).toContain('仅限本账号使用。');
    expect(card.textContent).toContain('WXYZ');
    expect(within(card).getByRole('link', { name: '去图示模板使用' }).getAttribute('href')).toMatch(
      /\/templates\/diagram$/,
    );
    // The two communities, and the note to use the coupon in the desktop client.
    expect(screen.getByRole('link', { name: '思维导图模板社区' })).toBeTruthy();
    expect(screen.getByText(/桌面客户端/)).toBeTruthy();
  });

  it('shows a coupon for plans with the products it is for, and leads to the purchase screen', async () => {
    const forPlans: Coupon = {
      ...tenOff,
      info: ['Plans week'],
      product: 'mind',
      product_type: 'plan',
      url: [],
      range: ['mind'],
    };
    stubApi().answer(getCouponsRoute, { data: [forPlans] });
    await renderInLanguage(<CouponScreen />, {
      path: '/coupon?lang=en',
      language: 'en',
      build: { region: 'domestic' },
    });
    const card = await screen.findByRole('article', { name: 'CN¥10.00 off' });
    expect(card.textContent).toContain('Mind-map plans');
    expect(card.textContent).not.toContain('templates');
    expect(within(card).getByRole('link', { name: 'Buy a plan with it' }).getAttribute('href')).toBe(
      '/buy?lang=en&kind=personal&product=mind',
    );
    expect(within(card).queryByRole('link', { name: /Use in/ })).toBeNull();
  });

  it('warns of an empty code without asking the server, and sends it upper-cased', async () => {
    const api = stubApi().answer(getCouponsRoute, { data: [] }).answer(bindCouponRoute, { data: tenOff });
    await renderInLanguage(<CouponScreen />, { path: '/coupon' });
    expect(await screen.findByText('You have no coupon yet.')).toBeTruthy();
    typeAndConfirm('   ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your coupon code.');
    expect(api.callsTo(bindCouponRoute)).toEqual([]);
    typeAndConfirm('spring-2026');
    expect(await screen.findByRole('article', { name: 'CN¥10.00 off' })).toBeTruthy();
    expect(api.callsTo(bindCouponRoute).map((call) => call.body)).toEqual([{ code: 'SPRING-2026' }]);
    expect(screen.getByRole('textbox', { name: 'Coupon code' }).getAttribute('maxlength')).toBe('24');
  });

  it('sends one request for a double click, on the form and in the replace prompt', async () => {
    const api = stubApi()
      .answer(getCouponsRoute, { data: [tenOff] })
      .answer(bindCouponRoute, ({ body }) =>
        body.replace ? { data: { ...tenOff, id: 32, type: 2 as const, value: 15 } } : failWith(CouponErrors.held),
      );
    await renderInLanguage(<CouponScreen />, { path: '/coupon' });
    await screen.findByRole('article');
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: 'NEWCODE' } });
    // Both submits of a double click land before React has drawn the busy button.
    const form = screen.getByRole('button', { name: 'Confirm' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    const yes = within(await screen.findByRole('dialog', { name: 'Replace your coupon?' })).getByRole('button', {
      name: 'Yes, replace it',
    });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByRole('article', { name: '15% off' })).toBeTruthy();
    expect(api.callsTo(bindCouponRoute).map((call) => call.body)).toEqual([
      { code: 'NEWCODE' },
      { code: 'NEWCODE', replace: true },
    ]);
  });

  it('asks before replacing the held coupon, and re-sends with replace only when confirmed', async () => {
    const api = stubApi()
      .answer(getCouponsRoute, { data: [tenOff] })
      .answer(bindCouponRoute, ({ body }) =>
        body.replace ? { data: { ...tenOff, id: 32, type: 2 as const, value: 15 } } : failWith(CouponErrors.held),
      );
    await renderInLanguage(<CouponScreen />, { path: '/coupon' });
    await screen.findByRole('article');

    typeAndConfirm('NEWCODE');
    const dialog = await screen.findByRole('dialog', { name: 'Replace your coupon?' });
    expect(dialog.textContent).toContain('Only one coupon is allowed, replace the existing one?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('article', { name: 'CN¥10.00 off' })).toBeTruthy();

    typeAndConfirm('NEWCODE');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, replace it' }));
    expect(await screen.findByRole('article', { name: '15% off' })).toBeTruthy();
    expect(api.callsTo(bindCouponRoute).map((call) => call.body)).toEqual([
      { code: 'NEWCODE' },
      { code: 'NEWCODE' },
      { code: 'NEWCODE', replace: true },
    ]);
    // Each a request of its own: the server keeps a refusal under its key, so the code tried
    // again after "No" is sent under a new one and judged as things are then.
    const keys = api.callsTo(bindCouponRoute).map((call) => call.headers.get('idempotency-key'));
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('shows each failure in the reader’s language', async () => {
    const failures = [CouponErrors.invalidCode, CouponErrors.used, CouponErrors.expired, CouponErrors.overLimit];
    const expected = ['优惠券码无效', '该优惠券码已被使用。', '该优惠券码已过期。', '该优惠券码已达到使用次数上限。'];
    let next = 0;
    stubApi()
      .answer(getCouponsRoute, { data: [] })
      .answer(bindCouponRoute, () => failWith(failures[next++]!));
    await renderInLanguage(<CouponScreen />, { path: '/coupon', language: 'zh' });
    for (const text of expected) {
      typeAndConfirm('BADCODE', '确认');
      await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(text));
      fireEvent.change(screen.getByRole('textbox'), { target: { value: '' } });
    }
  });

  it('opens the phone-only tip, not the community, for a mobile-app coupon', async () => {
    stubApi().answer(getCouponsRoute, { data: [{ ...tenOff, type: 15, rules: [...tenOff.rules, 'mobile_only'] }] });
    await renderInLanguage(<CouponScreen />, { path: '/coupon' });
    const card = await screen.findByRole('article');
    expect(within(card).queryByRole('link')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Use in Diagram templates' }));
    const tip = await screen.findByRole('dialog', { name: 'Mobile app only' });
    expect(tip.textContent).toContain('only be used in the mobile app');
  });
});
