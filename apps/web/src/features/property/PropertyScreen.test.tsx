import { getIncomeDetailRoute, getIncomeRoute, IncomeErrors, requestWithdrawalRoute } from '@account-centre/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { failWith, stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { PropertyScreen } from './PropertyScreen';

signedInForEachTest(7);

const summary = {
  avaliable: 65_000,
  owed: 0,
  locked: 1_960,
  unlock_at: 1_790_400_000,
  ongoing: null,
  recent: [],
  payout_on: '2026-10-10',
};
const taken = {
  id: 3,
  amount: 10_000,
  fee: 0,
  received: 10_000,
  state: 'submitted' as const,
  created_at: 1_790_000_000,
  payout_on: '2026-10-10',
  settled_at: null,
  failure_reason: null,
  zfb: '138****8000',
  identity_card: '110***********002X',
};

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(field(name), { target: { value } });
}
const good = {
  'Alipay account': '13800138000',
  'Identity card number': '11010519491231002X',
  'Real name': '张三',
  'Mobile number': '13912345678',
  'Amount (CNY)': '100',
};

describe('the income screen’s withdrawal', () => {
  it('checks the fields in the spec’s order, one message at a time, then confirms and submits', async () => {
    const api = stubApi()
      .answer(getIncomeRoute, { data: summary })
      .answer(requestWithdrawalRoute, { data: { withdrawal: taken } });
    await renderInLanguage(<PropertyScreen />, { path: '/property', build: { region: 'domestic' } });
    expect(await screen.findByText('CN¥650.00')).toBeTruthy();
    expect(screen.getByText(/Cashback locked: CN¥19\.60/)).toBeTruthy();
    const withdraw = screen.getByRole('button', { name: 'Withdraw' });

    fill({ 'Identity card number': '123', 'Amount (CNY)': '7' });
    fireEvent.click(withdraw);
    expect(screen.getByText('Enter your Alipay account: a mainland mobile number or an e-mail address.')).toBeTruthy();
    expect(screen.queryByText('Enter a valid 18-character identity card number.')).toBeNull();
    fill({ 'Alipay account': 'author@example.com' });
    fireEvent.click(withdraw);
    expect(screen.getByText('Enter a valid 18-character identity card number.')).toBeTruthy();
    fill({ ...good, 'Amount (CNY)': '660' });
    fireEvent.click(withdraw);
    expect(screen.getByText('The amount is more than your available income.')).toBeTruthy();
    fill({ 'Amount (CNY)': '55' });
    fireEvent.click(withdraw);
    expect(screen.getByText('Enter a multiple of ¥10.')).toBeTruthy();
    fill({ 'Amount (CNY)': '40' });
    fireEvent.click(withdraw);
    expect(screen.getByText('The minimum withdrawal is ¥50.')).toBeTruthy();
    expect(api.callsTo(requestWithdrawalRoute)).toHaveLength(0);

    fill({ 'Amount (CNY)': '100' });
    fireEvent.click(withdraw);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(within(confirm).getAllByText('CN¥100.00')).toHaveLength(2);
    expect(within(confirm).getByText('CN¥0.00')).toBeTruthy();
    expect(within(confirm).getByText('10/10/2026')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm withdrawal' }));
    const done = await screen.findByRole('dialog', { name: 'Withdrawal submitted' });
    expect(done.textContent).toContain('on or after 10/10/2026');
    const [sent] = api.callsTo(requestWithdrawalRoute);
    expect(sent?.body).toEqual({
      zfb: '13800138000',
      identity_card: '11010519491231002X',
      name: '张三',
      mobile: '13912345678',
      amount: '100',
    });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends one request for a double click on confirm', async () => {
    const api = stubApi()
      .answer(getIncomeRoute, { data: summary })
      .answer(requestWithdrawalRoute, { data: { withdrawal: taken } });
    await renderInLanguage(<PropertyScreen />, { path: '/property', build: { region: 'domestic' } });
    await screen.findByText('CN¥650.00');
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm withdrawal' });
    // Both clicks land before React has drawn the busy button.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByRole('dialog', { name: 'Withdrawal submitted' })).toBeTruthy();
    expect(api.callsTo(requestWithdrawalRoute)).toHaveLength(1);
  });

  it('shows the server’s refusal at its field, or the ongoing withdrawal’s message', async () => {
    let refusal = failWith(IncomeErrors.identityCard);
    stubApi()
      .answer(getIncomeRoute, { data: summary })
      .answer(requestWithdrawalRoute, () => refusal);
    await renderInLanguage(<PropertyScreen />, { path: '/property', language: 'de', build: { region: 'domestic' } });
    await screen.findByText('650,00 CN¥');
    const submit = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Auszahlen' }));
      const confirm = await screen.findByRole('dialog', { name: 'Auszahlung bestätigen' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Auszahlung bestätigen' }));
    };
    fill({
      Alipay: '13800138000',
      Personalausweisnummer: '11010519491231002X',
      'Vollständiger Name': 'Li Si',
      Mobilnummer: '13912345678',
      'Betrag (CNY)': '100',
    });
    await submit();
    expect(await screen.findByText('Geben Sie eine gültige 18-stellige Ausweisnummer ein.')).toBeTruthy();
    refusal = failWith(IncomeErrors.ongoing);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Eine Auszahlung von Ihnen wird noch bearbeitet; eine neue können Sie beantragen, sobald sie abgeschlossen ist.',
    );
  });

  it('shows a withdrawal under way instead of the form', async () => {
    stubApi().answer(getIncomeRoute, { data: { ...summary, ongoing: taken, recent: [taken] } });
    await renderInLanguage(<PropertyScreen />, {
      path: '/property',
      language: 'zh',
      build: { region: 'domestic' },
      queryClient: createQueryClient(),
    });
    expect(await screen.findByText(/你提现的 ¥100\.00 正在处理中，将于 2026\/10\/10 或之后打款/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提现' })).toBeNull();
    expect(screen.getByRole('table', { name: '最近的提现' })).toBeTruthy();
  });

  it.each([
    ['en', /^You owe CN¥70\.00/, /later income settles it first/],
    ['zh', /^待补扣 ¥70\.00/, /之后的收入会先用于补扣/],
  ] as const)(
    'shows what a refund after a withdrawal left owed, beside an available ¥0.00 (%s)',
    async (language, owes, settles) => {
      stubApi().answer(getIncomeRoute, { data: { ...summary, avaliable: 0, owed: 7_000, locked: 0, unlock_at: null } });
      await renderInLanguage(<PropertyScreen />, {
        path: '/property',
        language,
        build: { region: 'domestic' },
        queryClient: createQueryClient(),
      });
      const figures = await screen.findByRole('region', {
        name: language === 'en' ? 'Available to withdraw' : '可提现金额',
      });
      expect(within(figures).getByText(/^(CN)?¥0\.00$/)).toBeTruthy();
      expect(within(figures).getByText(owes).textContent).toMatch(settles);
    },
  );

  it('shows no owed line when nothing is owed', async () => {
    stubApi().answer(getIncomeRoute, { data: summary });
    await renderInLanguage(<PropertyScreen />, {
      path: '/property',
      language: 'en',
      build: { region: 'domestic' },
      queryClient: createQueryClient(),
    });
    await screen.findByText('CN¥650.00');
    expect(screen.queryByText(/You owe/)).toBeNull();
  });
});

describe('the income record', () => {
  it('reads a product and a range in seconds, pages with a cache, and starts again when the range changes', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      id: 12 - i,
      title: `Template ${12 - i}`,
      created_at: 1_790_000_000 - i * 86_400,
      price: 700,
      product: 'mm' as const,
      description: '',
      kind: 'sale' as const,
      gross: 1_000,
      fee: 300,
      unlocks_at: null,
    }));
    const api = stubApi()
      .answer(getIncomeRoute, { data: summary })
      .answer(getIncomeDetailRoute, ({ query }) => ({
        data: {
          count: entries.length,
          income: entries.slice(Number(query.offset), Number(query.offset) + 10),
          start: 1,
          end: 2,
        },
      }));
    await renderInLanguage(<PropertyScreen />, {
      path: '/property',
      build: { region: 'domestic' },
      queryClient: createQueryClient(),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Income record' }));
    const table = await screen.findByRole('table', { name: 'Income record' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Sold for CN¥10.00, platform fee CN¥3.00');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByText('Template 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await within(table).findByText('Template 12')).toBeTruthy();
    expect(api.callsTo(getIncomeDetailRoute).map((call) => call.query)).toEqual([
      { product: 'mm', offset: '0', count: '10' },
      { product: 'mm', offset: '10', count: '10' },
    ]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await within(table).findByText('Template 12');
    const last = api.callsTo(getIncomeDetailRoute).at(-1);
    // China's days, in seconds: 1 January 00:00 to 31 January 23:59:59 (UTC+8).
    expect(last?.query).toEqual({
      product: 'mm',
      offset: '0',
      count: '10',
      start: String(Date.UTC(2025, 11, 31, 16) / 1000),
      end: String(Date.UTC(2026, 0, 31, 15, 59, 59) / 1000),
    });
  });
});
