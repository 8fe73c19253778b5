import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelSubscriptionRoute,
  getCompaniesRoute,
  getLicencesRoute,
  getOrdersRoute,
  getRecommendationsRoute,
  getStorageRoute,
  getUserRoute,
  OrderErrors,
  requestInvoiceRoute,
} from '@account-centre/contract';
import { renderInLanguage, resetLanguage } from '../../testing/render';
import { type ApiStub, type Call, failWith, type Success, stubApi } from '../../testing/api';
import { testLicence } from '../../testing/licence';
import { testUser } from '../../testing/test-user';
import { clearSession, saveSession } from '../../lib/session';
import type { Company } from './api/get-companies';
import type { OrderRow } from './api/get-orders';
import { OrderScreen } from './OrderScreen';

const USER = 7;
const NOW = Math.floor(Date.now() / 1000);

const order = (n: number, overrides: Partial<OrderRow> = {}): OrderRow => ({
  list: 'maxorders',
  product: 'max',
  receipt_product: 'max',
  refunded: false,
  type: 209,
  order_id: `ORD${n}`,
  product_name: `Diagram plan ${n}`,
  quantity: 1,
  date: NOW - n * 86_400,
  exp: null,
  endDate: 'using',
  status: 'active',
  more: null,
  platforms: null,
  version: null,
  amount: 19_900,
  currency: 'USD',
  from: 'online',
  agent: null,
  region: 'overseas',
  iv_type: 0,
  invoice: 'billing_not',
  receipt: 'can_invoice',
  invoice_deadline: NOW + 86_400 * 20,
  ...overrides,
});

const storage = {
  project: { max: 104_857_600, used: 12_949_381 },
  whiteboard: { max: 104_857_600, used: 0 },
  mindmap: { max: 104_857_600, used: 1_048_576 },
};

/** A server with `orders` in its history, answering each page of three. */
function server(orders: OrderRow[]) {
  return stubApi()
    .answer(getUserRoute, { data: testUser({ user_id: USER, email: 'ada@example.com', nick_name: 'Ada' }) })
    .answer(getLicencesRoute, { data: [], count: 0 })
    .answer(getStorageRoute, { data: storage })
    .answer(getRecommendationsRoute, { data: ['hb'], count: 1 })
    .answer(getCompaniesRoute, { data: [], count: 0 })
    .answer(getOrdersRoute, ({ query }) => {
      const offset = Number(query.offset);
      const count = Number(query.count);
      return { data: orders.slice(offset, offset + count), count: orders.length };
    });
}

const historyCalls = (calls: Call[]) =>
  calls.filter((call) => call.route === getOrdersRoute).map((call) => call.url.searchParams.get('offset'));

beforeEach(() => {
  saveSession({ user_id: USER, token: 'token-7', refresh_token: 'refresh-7', expires_in: 900 });
});

afterEach(async () => {
  cleanup();
  clearSession();
  delete window.AccountCentreHost;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetLanguage();
});

describe('the order history', () => {
  it('shows three orders a page and fetches a page only once', async () => {
    const api = server([1, 2, 3, 4, 5].map((n) => order(n)));
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('ORD1')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Order history pages' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await screen.findByText('ORD4');
    expect(screen.queryByText('ORD1')).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: '1' }));
    await screen.findByText('ORD1');
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await screen.findByText('ORD5');
    expect(historyCalls(api.calls)).toEqual(['0', '3']);
  });

  it('keeps the last page, marked busy, until the next page arrives', async () => {
    const orders = [1, 2, 3, 4, 5].map((n) => order(n));
    const api = server(orders);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    api.answer(getOrdersRoute, async ({ query }) => {
      const offset = Number(query.offset);
      if (offset > 0) await held;
      return { data: orders.slice(offset, offset + 3), count: orders.length };
    });
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const table = await screen.findByRole('table');
    const rows = table.closest('[aria-busy]')!;
    expect(rows.getAttribute('aria-busy')).toBe('false');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Order history pages' })).getByRole('button', { name: '2' }),
    );
    await waitFor(() => expect(historyCalls(api.calls)).toEqual(['0', '3']));
    expect(within(table).getByText('ORD1')).toBeTruthy();
    expect(rows.getAttribute('aria-busy')).toBe('true');
    release();
    await screen.findByText('ORD4');
    expect(screen.getByRole('table').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('false');
  });

  it('names each order and what it covers in the reader’s language, not in the text it was stored with', async () => {
    server([
      order(1, {
        product: 'mindmaster',
        type: 14,
        product_name: '思维导图 终身版',
        platforms: ['win', 'mac'],
        more: '全平台',
      }),
      order(2, { product: 'orgchart', list: 'orgorders', type: 3, product_name: '组织架构图', more: '500 people' }),
      order(3, { type: 209, platforms: ['win', 'mac', 'linux', 'online', 'mobile', 'ios', 'android'] }),
    ]);
    await renderInLanguage(<OrderScreen />, { path: '/order', language: 'de' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Mindmap · Lebenslange Lizenz')).toBeTruthy();
    const twoPlatforms = new Intl.ListFormat('de', { type: 'conjunction', style: 'narrow' }).format([
      'Windows-Desktop',
      'Mac-Desktop',
    ]);
    expect(within(table).getByText(twoPlatforms)).toBeTruthy();
    expect(within(table).queryByText(/思维导图|全平台/)).toBeNull();
    // An order without a licence keeps the detail it was recorded with.
    expect(within(table).getByText('Organigramm · 3-Jahres-Plan')).toBeTruthy();
    expect(within(table).getByText('500 people')).toBeTruthy();
    expect(within(table).getByText('Alle Plattformen')).toBeTruthy();
  });

  it('writes the order date as the rest of the page does, and the amount in the order’s currency', async () => {
    server([
      order(1, { date: Math.floor(new Date(2026, 0, 5, 12).getTime() / 1000), amount: 28_000, currency: 'CNY' }),
    ]);
    await renderInLanguage(<OrderScreen />, { path: '/order', language: 'de' });
    expect(await screen.findByText('05.01.2026')).toBeTruthy();
    expect(screen.getByText('280,00 CN¥')).toBeTruthy();
  });

  it('shows storage in MB with two decimals', async () => {
    server([]);
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    expect(await screen.findByText('12.35 MB of 100.00 MB')).toBeTruthy();
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });
});

describe('receipts', () => {
  it('requests a receipt with the title and e-mail, and reads it as issued', async () => {
    const api = server([order(1)]).answer(requestInvoiceRoute, {
      data: { order_id: 'ORD1', invoice: 'billing_success', iv_type: 2, receipt: 'succeeded' },
    });
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a receipt' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/E-mail address/) as HTMLInputElement).value).toBe('ada@example.com'),
    );
    fireEvent.change(within(dialog).getByLabelText(/Name on the receipt/), { target: { value: ' Ada Lovelace ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(requestInvoiceRoute)[0]?.body).toEqual({
      order_id: 'ORD1',
      product: 'max',
      title_type: 'personal',
      title: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(api.callsTo(requestInvoiceRoute)[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends one request for a double click', async () => {
    const api = server([order(1)]).answer(requestInvoiceRoute, {
      data: { order_id: 'ORD1', invoice: 'billing_success', iv_type: 2, receipt: 'succeeded' },
    });
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a receipt' });
    fireEvent.change(within(dialog).getByLabelText(/Name on the receipt/), { target: { value: 'Ada' } });
    // Both submits of a double click land before React has drawn the busy button.
    const form = within(dialog).getByRole('button', { name: 'Request' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(requestInvoiceRoute)).toHaveLength(1);
  });

  it('shows the server’s refusal in the order’s words', async () => {
    server([order(1)]).answer(requestInvoiceRoute, failWith(OrderErrors.invoiceExists));
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a receipt' });
    fireEvent.change(within(dialog).getByLabelText(/Name on the receipt/), { target: { value: 'Ada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A receipt has already been requested for this order.',
    );
  });

  it('checks a company’s tax number before sending', async () => {
    const api = server([order(1, { region: 'domestic', currency: 'CNY' })]);
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a receipt' });
    fireEvent.click(within(dialog).getByText('Company'));
    fireEvent.change(within(dialog).getByLabelText(/Company name/), { target: { value: 'Example Ltd' } });
    fireEvent.change(within(dialog).getByLabelText(/Tax number/), { target: { value: '91350100M000100Y42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('This tax number does not look right.')).toBeTruthy();
    expect(api.callsTo(requestInvoiceRoute)).toHaveLength(0);
  });

  it('greys a pending receipt', async () => {
    server([order(1, { invoice: 'billing_pending', receipt: 'invoicing' })]);
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const pending = await screen.findByRole('button', { name: /Being issued/ });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks a refunded order and tells why it has no receipt', async () => {
    server([order(41, { refunded: true, receipt: 'cannot_invoice' })]);
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const row = (await screen.findByText('ORD41')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Refunded')).toBeTruthy();
    expect(within(row).queryByText('Active')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Request receipt' }));
    // The refusal is told in a toast (receipt-state.test.ts: the reason), not asked about in a form.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells why an old order has no receipt', async () => {
    server([order(40, { receipt: 'expired' })]);
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request receipt' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a member of a company (spec 01 §4)', () => {
  const company = (user_type: Company['user_type']): Company => ({
    id: 4,
    company_name: 'Mind Works',
    used_num: 3,
    num: 5,
    created_at: NOW,
    exp: null,
    user_type,
    type: 8,
  });
  const inCompany = (answer: Parameters<ApiStub['answer']>[1]) => server([order(1)]).answer(getCompaniesRoute, answer);
  const requested = (calls: Call[]) => calls.map((call) => call.line);

  /** Messages the desktop client receives. */
  function desktopHost() {
    const sent: { type: string }[] = [];
    window.AccountCentreHost = { postMessage: (json: string) => void sent.push(JSON.parse(json)) };
    return sent;
  }

  it.each([0, 3] as const)(
    'as a plain member (user_type %d) sees the company notice, and no order or recommendation is requested',
    async (userType) => {
      const sent = desktopHost();
      const api = inCompany({ data: [company(userType)], count: 1 });
      await renderInLanguage(<OrderScreen />, { path: '/order', build: { hostMode: 'desktop' } });
      const notice = await screen.findByRole('region', { name: 'Purchases are managed by Mind Works' });
      expect(notice.textContent).toContain('You are a member of Mind Works.');
      // Licences and storage are still what the member may use.
      expect(await screen.findByText('12.35 MB of 100.00 MB')).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Order history' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
      const routes = requested(api.calls);
      expect(routes).toEqual(
        expect.arrayContaining([`GET /api/user/${USER}/license`, `GET /api/user/${USER}/storage`]),
      );
      expect(routes).not.toContain(`GET /api/user/${USER}/order`);
      expect(routes).not.toContain(`GET /api/user/${USER}/recommendation`);
      // The host still learns that the screen has loaded, once.
      expect(sent.filter((message) => message.type === 'orderLoaded')).toHaveLength(1);
    },
  );

  it('names the company in the reader’s language', async () => {
    inCompany({ data: [company(0)], count: 1 });
    await renderInLanguage(<OrderScreen />, { path: '/order', language: 'zh' });
    expect(await screen.findByText('你的购买由Mind Works管理')).toBeTruthy();
  });

  it.each([1, 2] as const)('as an admin or creator (user_type %d) loads the orders as before', async (userType) => {
    const sent = desktopHost();
    const api = inCompany({ data: [company(userType)], count: 1 });
    await renderInLanguage(<OrderScreen />, { path: '/order', build: { hostMode: 'desktop' } });
    expect(await screen.findByText('ORD1')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Recommended for you' })).toBeTruthy();
    expect(screen.queryByText(/Purchases are managed by/)).toBeNull();
    expect(historyCalls(api.calls)).toEqual(['0']);
    expect(sent.filter((message) => message.type === 'orderLoaded')).toHaveLength(1);
  });

  it('asks for no order before the companies have answered', async () => {
    let answer: (value: Success<typeof getCompaniesRoute>) => void = () => {};
    const api = server([order(1)]).answer(getCompaniesRoute, () => new Promise((resolve) => (answer = resolve)));
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    await screen.findByRole('region', { name: 'My licences' });
    expect(requested(api.calls)).not.toContain(`GET /api/user/${USER}/order`);
    answer({ data: [], count: 0 });
    expect(await screen.findByText('ORD1')).toBeTruthy();
  });

  it('still shows the history when the companies cannot be read', async () => {
    inCompany(failWith({ status: 500, code: 0, msg: 'boom' }));
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    expect(await screen.findByText('ORD1')).toBeTruthy();
  });
});

describe('buying from the order screen', () => {
  const licence = (product: 'max' | 'proj', v_type: number) =>
    testLicence({
      product,
      productName: `${product} plan`,
      icon: product,
      v_product: product,
      can_renew: true,
      v_type,
    });

  it('renews and buys the diagram and the mind map on the purchase screen, and other products on the site', async () => {
    server([order(1)])
      .answer(getLicencesRoute, { data: [licence('max', 209), licence('proj', 3)], count: 2 })
      .answer(getRecommendationsRoute, { data: ['mindmaster', 'hb'], count: 2 });
    await renderInLanguage(<OrderScreen />, { path: '/order?from=maxPC' });
    const licences = await screen.findByRole('region', { name: 'My licences' });
    const renew = (card: string) =>
      within(within(licences).getByRole('article', { name: card })).getByRole('link', { name: 'Renew' });
    // The query string that carries the build goes along, as every navigation keeps it.
    expect(renew('Diagram · 1-year plan').getAttribute('href')).toBe(
      '/buy?from=maxPC&kind=personal&item=personal.oneYear&product=max',
    );
    expect(renew('Project management · 3-year plan').getAttribute('href')).toMatch(
      /^https:\/\/.*\/pricing\?product=project/,
    );

    const recommended = await screen.findByRole('region', { name: 'Recommended for you' });
    const buy = (card: string) =>
      within(within(recommended).getByRole('article', { name: card })).getByRole('link', { name: 'Buy now' });
    expect(buy('Mind map').getAttribute('href')).toBe('/buy?from=maxPC&kind=personal&product=mind');
    expect(buy('Whiteboard').getAttribute('href')).toMatch(/^https:\/\/.*\/pricing\?product=whiteboard/);
  });
});

describe('cancelling a subscription', () => {
  const renewing = testLicence({ showCancel: true, renewal: 'auto', v_type: 209 });
  const cancelled = {
    product: 'max',
    type: 'subs',
    name: 'Diagram yearly',
    version: null,
    order_type: 209,
    product_id: 5371,
    order_id: 'ORD1',
    channel: 'online',
    win_exp: 1_900_000_000,
    mac_exp: 1_900_000_000,
    linux_exp: null,
    online_exp: null,
    mobile_exp: null,
    ios_exp: null,
    android_exp: null,
    ppt_exp: null,
    group: null,
    group_exp: null,
    group_mobile_exp: null,
    fuser: false,
    is_99: false,
    have_renew: false,
    upgrade_time: null,
    started_at: null,
  } as const;

  async function openDialog() {
    const licences = await screen.findByRole('region', { name: 'My licences' });
    fireEvent.click(await within(licences).findByRole('button', { name: 'Cancel subscription' }));
    return screen.findByRole('dialog', { name: 'Cancel subscription' });
  }

  it('keeps the dialog open after a lost answer, and sends the same request key when pressed again', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    let lost = true;
    const api = server([]).answer(getLicencesRoute, { data: [renewing], count: 1 });
    api.answer(cancelSubscriptionRoute, () => {
      if (lost) {
        lost = false;
        throw new TypeError('Failed to fetch');
      }
      return { data: cancelled };
    });
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'We could not reach the server. Check your internet connection and try again.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message))).toEqual([
      'Automatic renewal is cancelled.',
    ]);
    const keys = api.callsTo(cancelSubscriptionRoute).map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(api.callsTo(cancelSubscriptionRoute)[1]?.body).toEqual({ product: 'max' });
  });

  it('sends one request for a double click', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const api = server([]).answer(getLicencesRoute, { data: [renewing], count: 1 });
    api.answer(cancelSubscriptionRoute, { data: cancelled });
    await renderInLanguage(<OrderScreen />, { path: '/order' });
    const confirm = within(await openDialog()).getByRole('button', { name: 'Cancel subscription' });
    // Both clicks land before React has drawn the busy button.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(cancelSubscriptionRoute)).toHaveLength(1);
  });

  it('tells a refusal in the reader’s language inside the dialog, which the person closes', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    server([])
      .answer(getLicencesRoute, { data: [renewing], count: 1 })
      .answer(cancelSubscriptionRoute, failWith(OrderErrors.cancelUnavailable));
    await renderInLanguage(<OrderScreen />, { path: '/order', language: 'de' });
    const licences = await screen.findByRole('region', { name: 'Meine Lizenzen' });
    fireEvent.click(await within(licences).findByRole('button', { name: 'Abo kündigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abo kündigen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abo kündigen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Dieses Abo kann hier nicht gekündigt werden.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abo behalten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
