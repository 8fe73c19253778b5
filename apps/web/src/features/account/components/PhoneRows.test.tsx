import {
  AuthErrors,
  bindByLinkRoute,
  createBindLinkRoute,
  describeBindLinkRoute,
  getBindLinkStateRoute,
  getUserRoute,
  PhoneBindErrors,
  secondMobileRoute,
  sendCodeRoute,
} from '@account-centre/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type UserInfo, currentUserQueryKey } from '../../../lib/user/current-user';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { failWith, stubApi } from '../../../testing/api';
import { PhoneBindLinkPage } from './PhoneBindLinkPage';
import { PhoneQrModal, svgImageSource } from './PhoneQrModal';
import { PhoneRows } from './PhoneRows';
import { SecondMobileModal } from './SecondMobileModal';
import { phoneCodeProblems } from './PhoneCodeFields';
import { testUser, shownToasts } from '../../../testing/test-user';

const USER = 42;
const SECOND_MOBILE = `POST /api/user/${USER}/second-mobile`;
const BIND_LINK = `/api/user/${USER}/mobile/bind-link`;
const TOKEN = 'T'.repeat(43);
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const user = (overrides: Partial<UserInfo> = {}) => testUser({ user_id: USER, region: 'domestic', ...overrides });

const toasts = shownToasts;
const OWN_NUMBER = 'This number is already linked to your account. Enter another number.';

/** The message sits in the field's own wrapper, and no toast says it again. */
function expectSaidAtFieldOnly(message: HTMLElement, input: HTMLElement) {
  expect(input.closest('.mantine-InputWrapper-root')?.contains(message)).toBe(true);
  expect(toasts()).toEqual([]);
}
const domestic = { build: { region: 'domestic' as const } };

signedInForEachTest(USER);
catchToastsForEachTest();

describe('the phone rows', () => {
  it('offers scanning a QR code beside Link when a computer has no phone bound', async () => {
    stubApi();
    await renderInLanguage(<PhoneRows user={user()} />, domestic);
    const phone = screen.getByRole('listitem', { name: 'Phone' });
    expect(within(phone).getByRole('button', { name: 'Link' })).toBeTruthy();
    expect(within(phone).getByRole('button', { name: 'Scan to link with your phone' })).toBeTruthy();
  });

  it('does not offer the QR code on a phone, nor once a phone is bound', async () => {
    stubApi();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    await renderInLanguage(<PhoneRows user={user()} />, domestic);
    expect(screen.queryByRole('button', { name: 'Scan to link with your phone' })).toBeNull();
    cleanup();
    vi.restoreAllMocks();
    await renderInLanguage(<PhoneRows user={user({ mobile: '13812345678' })} />, domestic);
    expect(screen.queryByRole('button', { name: 'Scan to link with your phone' })).toBeNull();
  });

  it('shows the second phone as for identity checks only, with Add or Unlink', async () => {
    stubApi();
    await renderInLanguage(<PhoneRows user={user()} />, domestic);
    let row = screen.getByRole('listitem', { name: 'Second phone' });
    expect(row.textContent).toContain('For identity verification only; it cannot be used to sign in');
    expect(within(row).getByRole('button', { name: 'Add' })).toBeTruthy();
    cleanup();
    await renderInLanguage(<PhoneRows user={user({ second_mobile: '13912345678' })} />, domestic);
    row = screen.getByRole('listitem', { name: 'Second phone' });
    expect(row.textContent).toContain('139****5678');
    expect(within(row).getByRole('button', { name: 'Unlink' })).toBeTruthy();
  });
});

describe('the number and code rule', () => {
  it('names what is wrong with the number and with the code, all at once', () => {
    expect(phoneCodeProblems('1381234567', '123456')).toEqual({ mobile: 'format' });
    expect(phoneCodeProblems('12812345678', '123456')).toEqual({ mobile: 'format' });
    expect(phoneCodeProblems(' 13812345678 ', '12345')).toEqual({ code: 'format' });
    expect(phoneCodeProblems('13812345678', '123456')).toEqual({});
    // Every field at once, and the account's own number named as such.
    expect(phoneCodeProblems('138', '')).toEqual({ mobile: 'format', code: 'format' });
    expect(phoneCodeProblems('13812345678', '123456', ['13812345678'])).toEqual({ mobile: 'own' });
  });
});

describe('the second phone dialog', () => {
  it('refuses a wrong number or code before any call, then binds with operate 1 and stores the answer', async () => {
    const saved = user({ second_mobile: '13912345678' });
    const { calls } = stubApi().answer(secondMobileRoute, { data: saved });
    const onClose = vi.fn();
    const { queryClient } = await renderInLanguage(
      <SecondMobileModal user={user()} mode="bind" onClose={onClose} />,
      domestic,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add a second phone' });
    fireEvent.change(within(dialog).getByLabelText('Second phone number'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a valid 11-digit mainland mobile number')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Second phone number'), { target: { value: '13912345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => [call.line, call.body])).toEqual([
      [SECOND_MOBILE, { operate: 1, mobile: '13912345678', code: '654321' }],
    ]);
    expect(queryClient.getQueryData(currentUserQueryKey(USER))).toEqual(saved);
    expect(toasts()).toEqual(['Second phone added']);
  });

  it('refuses the primary number before sending anything, naming the number field', async () => {
    const { calls } = stubApi();
    await renderInLanguage(
      <SecondMobileModal user={user({ mobile: '13812345678' })} mode="bind" onClose={vi.fn()} />,
      domestic,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add a second phone' });
    fireEvent.change(within(dialog).getByLabelText('Second phone number'), { target: { value: '13812345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      within(dialog).getByText('This number is already linked to your account. Enter another number.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says at the number, and only there, when the server finds it is already the account’s own, and stays open', async () => {
    // The page's copy of the account may be older than the server's: the server still refuses.
    stubApi().answer(secondMobileRoute, failWith(PhoneBindErrors.ownNumber));
    const onClose = vi.fn();
    await renderInLanguage(<SecondMobileModal user={user({ mobile: null })} mode="bind" onClose={onClose} />, domestic);
    const dialog = screen.getByRole('dialog', { name: 'Add a second phone' });
    fireEvent.change(within(dialog).getByLabelText('Second phone number'), { target: { value: '13812345678' } });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expectSaidAtFieldOnly(
      await within(dialog).findByText(OWN_NUMBER),
      within(dialog).getByLabelText('Second phone number'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts a refusal no field holds, once', async () => {
    stubApi().answer(secondMobileRoute, failWith(AuthErrors.invalidCode));
    await renderInLanguage(<SecondMobileModal user={user({ mobile: null })} mode="bind" onClose={vi.fn()} />, domestic);
    const dialog = screen.getByRole('dialog', { name: 'Add a second phone' });
    fireEvent.change(within(dialog).getByLabelText('Second phone number'), { target: { value: '13812345678' } });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toEqual(['The verification code is incorrect.']));
    expect(within(dialog).queryByText('The verification code is incorrect.')).toBeNull();
  });

  it('unbinds with a code sent to the second phone (operate 2)', async () => {
    const { calls } = stubApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(secondMobileRoute, { data: user() });
    const onClose = vi.fn();
    await renderInLanguage(
      <SecondMobileModal user={user({ second_mobile: '13912345678' })} mode="unbind" onClose={onClose} />,
      domestic,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove the second phone' });
    expect(within(dialog).getByText('Second phone: 139****5678')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls.map((call) => call.line)).toContain('POST /api/auth/code'));
    expect(calls[0]?.body).toEqual({ purpose: 3, mobile: '13912345678' });
    fireEvent.change(within(dialog).getByLabelText('Code sent to the second phone'), { target: { value: '111222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ line: SECOND_MOBILE, body: { operate: 2, code: '111222' } });
    expect(toasts()).toContain('Second phone removed');
  });
});

const link = (expiresIn = 600) => ({
  url: `http://account.example.cn/account?bind_link=${TOKEN}`,
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0,0h1v1z"/></svg>',
  expires_at: 1_800_000_000 + expiresIn,
  expires_in: expiresIn,
});

describe('the QR code dialog', () => {
  it('shows the SVG only as an image', () => {
    expect(svgImageSource('<svg a="b"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22b%22%2F%3E');
  });

  it('shows one link’s QR code and copyable address, then reloads the user and closes once the phone is bound', async () => {
    let polls = 0;
    const { calls } = stubApi()
      .answer(createBindLinkRoute, { data: link() })
      .answer(getBindLinkStateRoute, () => ({
        data: { state: ++polls < 2 ? ('waiting' as const) : ('bound' as const), expires_at: link().expires_at },
      }))
      .answer(getUserRoute, { data: user({ mobile: '13812345678' }) });
    const onClose = vi.fn();
    const { queryClient } = await renderInLanguage(<PhoneQrModal user={user()} onClose={onClose} />, domestic);
    queryClient.setQueryData(currentUserQueryKey(USER), user());
    const dialog = screen.getByRole('dialog', { name: 'Link a phone by scanning' });
    const image = await within(dialog).findByRole('img', { name: 'QR code that opens the phone-linking page' });
    expect(image.getAttribute('src')).toBe(svgImageSource(link().qr_svg));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Or open this link on your phone').value).toBe(link().url);
    expect(within(dialog).getByRole('status').textContent).toMatch(/expires in (10:00|9:59)/);

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(calls.filter((call) => call.line === `POST ${BIND_LINK}`)).toHaveLength(1);
    expect(polls).toBe(2);
    expect(queryClient.getQueryData(currentUserQueryKey(USER))).toMatchObject({ mobile: '13812345678' });
    expect(toasts()).toEqual(['Phone linked']);
  });

  it('offers a new QR code once the link expires, and stops asking about the old one', async () => {
    const { calls } = stubApi()
      .answer(createBindLinkRoute, { data: link(1) })
      .answer(getBindLinkStateRoute, { data: { state: 'waiting', expires_at: link(1).expires_at } });
    await renderInLanguage(<PhoneQrModal user={user()} onClose={() => {}} />, domestic);
    const renew = await screen.findByRole('button', { name: 'New QR code' }, { timeout: 3000 });
    expect(screen.getByText('This QR code has expired.')).toBeTruthy();
    expect(screen.queryByLabelText('Or open this link on your phone')).toBeNull();
    const pollsWhenExpired = calls.filter((call) => call.line === `GET ${BIND_LINK}`).length;
    fireEvent.click(renew);
    await waitFor(() => expect(calls.filter((call) => call.line === `POST ${BIND_LINK}`)).toHaveLength(2));
    expect(pollsWhenExpired).toBeLessThanOrEqual(1);
  });
});

describe('the phone’s link page', () => {
  const LOOKUP = 'POST /api/mobile-bind-links/lookup';
  const BIND = 'POST /api/mobile-bind-links/bind';

  it('names the masked account, then binds the phone with its code and says it is done', async () => {
    const { calls } = stubApi()
      .answer(describeBindLinkRoute, { data: { account: 'ad****', expires_at: 1_800_000_600 } })
      .answer(bindByLinkRoute, { data: { account: 'ad****' } });
    await renderInLanguage(<PhoneBindLinkPage token={TOKEN} />, domestic);
    expect(await screen.findByText('Account: ad****')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link phone' }));
    expect(await screen.findByRole('heading', { name: 'Phone linked' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('138****5678 is now linked to the account ad****');
    expect(calls.map((call) => [call.line, call.body])).toEqual([
      [LOOKUP, { token: TOKEN }],
      [BIND, { token: TOKEN, mobile: '13812345678', code: '123456' }],
    ]);
  });

  it('says an expired link cannot be used, without a form', async () => {
    stubApi().answer(describeBindLinkRoute, failWith(PhoneBindErrors.linkExpired));
    await renderInLanguage(<PhoneBindLinkPage token={TOKEN} />, domestic);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has expired. Show a new QR code on your computer and scan it again.',
    );
    expect(screen.queryByLabelText('Phone number')).toBeNull();
  });

  it('says at the number, and only there, that it is already the account’s own', async () => {
    stubApi()
      .answer(describeBindLinkRoute, { data: { account: 'ad****', expires_at: 1_800_000_600 } })
      .answer(bindByLinkRoute, failWith(PhoneBindErrors.ownNumber));
    await renderInLanguage(<PhoneBindLinkPage token={TOKEN} />, domestic);
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link phone' }));
    expectSaidAtFieldOnly(await screen.findByText(OWN_NUMBER), screen.getByLabelText('Phone number'));
  });

  it('gives way to the reason when the link is used meanwhile, and keeps the form for another account’s number', async () => {
    let answer = failWith(AuthErrors.phoneUsed);
    stubApi()
      .answer(describeBindLinkRoute, { data: { account: 'Gr****', expires_at: 1_800_000_600 } })
      .answer(bindByLinkRoute, () => answer);
    await renderInLanguage(<PhoneBindLinkPage token={TOKEN} />, domestic);
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link phone' }));
    await waitFor(() => expect(toasts()).toEqual(['This mobile number is already registered.']));
    expect(screen.getByLabelText('Phone number')).toBeTruthy();

    answer = failWith(PhoneBindErrors.linkUsed);
    fireEvent.click(screen.getByRole('button', { name: 'Link phone' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This link has already been used to link a phone.',
    );
    expect(screen.queryByLabelText('Phone number')).toBeNull();
  });
});
