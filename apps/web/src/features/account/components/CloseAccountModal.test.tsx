import {
  AuthErrors,
  type ClosingForfeitItem,
  CommonErrors,
  closeAccountRoute,
  getClosingForfeitsRoute,
  sendCodeRoute,
} from '@account-centre/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../lib/user/current-user';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { type ApiStub, failWith, stubApi } from '../../../testing/api';
import { getSession } from '../../../lib/session';
import { finishAccountClose } from '../close-account';
import { CloseAccountModal } from './CloseAccountModal';
import { testUser, shownToasts } from '../../../testing/test-user';

// What follows a successful close (toast, session, redirect) is close-account.test.ts's; here it
// only matters whether the dialog hands over to it.
vi.mock('../close-account', () => ({ finishAccountClose: vi.fn() }));

const USER = 42;
const CLOSE = `POST /api/user/${USER}/close`;

const user = (overrides: Partial<UserInfo> = {}) =>
  testUser({ user_id: USER, mobile: '13812345678', region: 'domestic', ...overrides });

const toasts = shownToasts;

/**
 * The API as the dialog meets it: the confirmation step asks what the account still holds —
 * `items`, or nothing at all (an empty list, as the server answers an account that holds nothing).
 */
const stubClosingApi = (items: ClosingForfeitItem[] = []) =>
  stubApi().answer(getClosingForfeitsRoute, { data: { items } });
/** The calls the dialog made besides reading what the account holds. */
const sentBy = (api: ApiStub) => api.calls.filter((call) => call.route !== getClosingForfeitsRoute);

signedInForEachTest(USER);
catchToastsForEachTest();
afterEach(() => {
  vi.clearAllMocks();
});

async function openAtCodeStep(region: 'domestic' | 'overseas', info: UserInfo, extra?: React.ReactNode) {
  const onClose = vi.fn();
  await renderInLanguage(<CloseAccountModal user={info} onClose={onClose} extra={extra} />, { build: { region } });
  const dialog = screen.getByRole('dialog', { name: 'Close account' });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return { dialog, onClose };
}

describe('the confirmation step', () => {
  it('says what closing does and goes on only once the owner ticks that they understand', async () => {
    const api = stubClosingApi();
    const onClose = vi.fn();
    await renderInLanguage(<CloseAccountModal user={user()} onClose={onClose} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    expect(dialog.textContent).toContain('Closing an account cannot be undone');
    expect(dialog.textContent).toMatch(/every other record of the account are deleted/);
    expect(dialog.textContent).toMatch(/Licences and subscriptions bought with this account are lost/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog.textContent).toContain('Tick the box to go on');
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toBeTruthy();
    expect(sentBy(api)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is written in the language shown', async () => {
    stubClosingApi();
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, {
      language: 'zh',
      build: { region: 'domestic' },
    });
    const dialog = screen.getByRole('dialog', { name: '注销账号' });
    expect(dialog.textContent).toContain('账号注销后无法恢复');
  });
});

describe('what the account still holds', () => {
  const HOLDINGS: ClosingForfeitItem[] = [
    { kind: 'companies_created', count: 1 },
    { kind: 'teams_owned', count: 2, members: 3 },
    { kind: 'coupons', count: 1 },
    { kind: 'ai_points', points: 1200 },
    { kind: 'template_credit', fen: 450 },
    { kind: 'income', fen: 123_456 },
    { kind: 'withdrawal_pending', fen: 5_000 },
  ];

  it('names each holding with its amount, from the server, before the owner confirms', async () => {
    const api = stubClosingApi(HOLDINGS);
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    const list = await within(dialog).findByText('This account still holds');
    const lines = within(list.closest('[role="alert"]') as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'The company space you created, which is left without its creator: its members stay, and customer service can hand it to someone else.',
      'The 2 teams you own, which are deleted with the account. 3 other members lose their seats.',
      'An unused coupon, which is lost.',
      '1,200 AI points, which are lost.',
      'CN¥4.50 of template credit, which is lost.',
      'CN¥1,234.56 of income not yet withdrawn, which is lost.',
      'A withdrawal of CN¥50.00 already asked for. It is still paid to the Alipay account it names.',
    ]);
    expect(api.callsTo(getClosingForfeitsRoute).map((call) => call.params)).toEqual([{ userId: USER }]);
  });

  it('uses the singular for one team, one member and one point', async () => {
    stubClosingApi([
      { kind: 'teams_owned', count: 1, members: 1 },
      { kind: 'ai_points', points: 1 },
    ]);
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    await within(dialog).findByText('This account still holds');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('The team you own, which is deleted with the account. 1 other member loses their seat.');
    expect(dialog.textContent).toContain('1 AI point, which is lost.');
  });

  it.each([
    [
      'en',
      'CN¥50.00 owed for sales refunded after a withdrawal (locked cashback already counted against it). Closing does not cancel it.',
    ],
    ['zh', '因提现后的销售退款而待补扣的 ¥50.00（已扣除锁定中的返现）。注销不会免除这笔欠款。'],
  ] as const)(
    'says what is owed for refunds after a withdrawal, and that closing does not cancel it (%s)',
    async (language, line) => {
      stubClosingApi([{ kind: 'income_owed', fen: 5_000 }]);
      await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, {
        language,
        build: { region: 'domestic' },
      });
      const dialog = screen.getByRole('dialog', { name: language === 'en' ? 'Close account' : '注销账号' });
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toContain(line),
      );
    },
  );

  it('is written in the language shown, money in yuan', async () => {
    stubClosingApi(HOLDINGS);
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, {
      language: 'zh',
      build: { region: 'domestic' },
    });
    const dialog = screen.getByRole('dialog', { name: '注销账号' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem').length).toBe(4 + HOLDINGS.length));
    expect(dialog.textContent).toContain('¥1,234.56');
    expect(dialog.textContent).toContain('支付宝');
    expect(dialog.textContent).not.toMatch(/which is lost|AI points/);
  });

  it('shows nothing more when the account holds nothing', async () => {
    const api = stubClosingApi([]);
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    await waitFor(() => expect(api.callsTo(getClosingForfeitsRoute)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    expect(dialog.textContent).not.toContain('This account still holds');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
  });

  it('says when it could not check, and checks again on request', async () => {
    let fail = true;
    const api = stubApi().answer(getClosingForfeitsRoute, () =>
      fail ? failWith(CommonErrors.internal) : { data: { items: [{ kind: 'ai_points' as const, points: 30 }] } },
    );
    await renderInLanguage(<CloseAccountModal user={user()} onClose={() => {}} />, { build: { region: 'domestic' } });
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    expect(await within(dialog).findByText(/could not check what the account still holds/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('30 AI points, which are lost.')).toBeTruthy();
    expect(api.callsTo(getClosingForfeitsRoute)).toHaveLength(2);
  });
});

describe('closing with a code', () => {
  it('lets a domestic owner pick the phone, sends a purpose-11 code there and closes with it', async () => {
    const api = stubClosingApi()
      .answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } })
      .answer(closeAccountRoute, { data: null });
    const { dialog } = await openAtCodeStep('domestic', user());
    // Both addresses are offered, masked.
    const email = within(dialog).getByRole('radio', { name: 'E-mail ad****' });
    const phone = within(dialog).getByRole('radio', { name: 'Phone 138****5678' });
    expect((email as HTMLInputElement).checked).toBe(true);
    fireEvent.click(phone);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in \d+ s/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account permanently' }));
    await waitFor(() => expect(finishAccountClose).toHaveBeenCalledOnce());
    expect(sentBy(api).map(({ line, body }) => ({ line, body }))).toEqual([
      { line: 'POST /api/auth/code', body: { purpose: 11, mobile: '13812345678' } },
      { line: CLOSE, body: { via: 'mobile', code: '123456' } },
    ]);
  });

  it('sends the code to the e-mail only in the overseas build', async () => {
    const api = stubClosingApi().answer(sendCodeRoute, { data: { expires_in: 600, resend_after: 60 } });
    const { dialog } = await openAtCodeStep('overseas', user());
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(dialog.textContent).toContain('The code goes to ad****');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /Resend in \d+ s/ });
    expect(sentBy(api).map((call) => call.body)).toEqual([{ purpose: 11, email: 'ada@example.com' }]);
  });

  it('asks for six digits before any call, once however often it is submitted', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const api = stubClosingApi().answer(closeAccountRoute, async () => {
      await answered;
      return { data: null };
    });
    const { dialog } = await openAtCodeStep('domestic', user({ mobile: null }));
    const input = within(dialog).getByRole('textbox', { name: 'Verification code' });
    const submit = within(dialog).getByRole('button', { name: 'Close account permanently' });
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(submit);
    expect(dialog.textContent).toContain('Enter the 6-digit code');
    expect(sentBy(api)).toEqual([]);

    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    release();
    await waitFor(() => expect(finishAccountClose).toHaveBeenCalledOnce());
    expect(api.calls.filter((call) => call.line === CLOSE)).toHaveLength(1);
  });

  it.each([
    ['invalid code', failWith(AuthErrors.invalidCode), 'The verification code is incorrect'],
    ['expired', failWith(AuthErrors.codeExpired), 'The verification code has expired'],
  ])('shows the server’s refusal “%s” in words and changes nothing', async (_, answer, words) => {
    stubClosingApi().answer(closeAccountRoute, () => answer);
    const { dialog, onClose } = await openAtCodeStep('domestic', user());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Verification code' }), {
      target: { value: '000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account permanently' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toContain(words);
    expect(finishAccountClose).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(getSession()?.userId).toBe(USER);
    expect(
      (within(dialog).getByRole('button', { name: 'Close account permanently' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('an account without e-mail or phone', () => {
  it('is told that no code can be sent, with room for another way to confirm', async () => {
    const api = stubClosingApi();
    const { dialog } = await openAtCodeStep(
      'domestic',
      user({ email: null, mobile: null, weixin: true }),
      <button type="button">Confirm with WeChat</button>,
    );
    expect(dialog.textContent).toContain('No e-mail or phone is linked to this account');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirm with WeChat' })).toBeTruthy();
    expect(sentBy(api)).toEqual([]);
  });
});
