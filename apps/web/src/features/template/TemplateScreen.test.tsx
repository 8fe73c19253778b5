import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getTemplateCreditRoute,
  listTemplateCreditAdditionsRoute,
  listTemplateCreditRecordsRoute,
} from '@account-centre/contract';
import { createQueryClient } from '../../lib/query-client';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { TemplateScreen } from './TemplateScreen';

signedInForEachTest(7);

const records = Array.from({ length: 13 }, (_, i) => ({
  id: 13 - i,
  created_at: 1_790_000_000 - i * 86_400,
  work_title: `Template ${13 - i}`,
  price: 300 + i,
}));

/** Credit added: a top-up, a plan's credit (part spent, expiring with the plan), a gift code, a grant. */
const additions = [
  {
    id: 14,
    created_at: 1_790_100_000,
    source: 'operator',
    order_id: null,
    amount: 700,
    remaining: 700,
    expires_at: null,
  },
  {
    id: 12,
    created_at: 1_790_000_000,
    source: 'gift_code',
    order_id: null,
    amount: 500,
    remaining: 500,
    expires_at: null,
  },
  {
    id: 11,
    created_at: 1_789_000_000,
    source: 'plan',
    order_id: '20261127093000000001',
    amount: 2000,
    remaining: 1000,
    expires_at: 1_820_536_000,
  },
  {
    id: 10,
    created_at: 1_788_000_000,
    source: 'top_up',
    order_id: '20261127093000000002',
    amount: 3000,
    remaining: 3000,
    expires_at: null,
  },
] as const;

describe('the template credit screen', () => {
  it('shows the balance in yuan, the expense record 10 a page, and the four tips', async () => {
    const api = stubApi()
      .answer(getTemplateCreditRoute, { data: { surplus: 123_450 } })
      .answer(listTemplateCreditRecordsRoute, ({ query }) => ({
        data: {
          list: records.slice(Number(query.offset), Number(query.offset) + Number(query.count)),
          count: records.length,
        },
      }))
      .answer(listTemplateCreditAdditionsRoute, { data: { list: [], count: 0 } });
    await renderInLanguage(<TemplateScreen />, {
      path: '/template',
      language: 'zh',
      build: { region: 'domestic' },
      // The app's own cache settings: a page seen once stays fresh.
      queryClient: createQueryClient(),
    });
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    // Topped up on the purchase screen, on the template credit tab.
    expect(screen.getByRole('link', { name: '充值' }).getAttribute('href')).toBe('/buy?kind=template_credit');
    const table = await screen.findByRole('table', { name: '消费记录' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Template 13');
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('¥3.00');
    const tips = screen.getByRole('region', { name: '模板券使用说明' });
    expect(within(tips).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByText('Template 3')).toBeTruthy();
    expect(api.callsTo(listTemplateCreditRecordsRoute).map((call) => call.query)).toEqual([
      // As they go on the wire.
      { offset: '0', count: '10' },
      { offset: '10', count: '10' },
    ]);
    // A page seen once is not fetched again.
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await within(table).findByText('Template 13')).toBeTruthy();
    expect(api.callsTo(listTemplateCreditRecordsRoute)).toHaveLength(2);
  });

  it('says when nothing was bought yet', async () => {
    stubApi()
      .answer(getTemplateCreditRoute, { data: { surplus: 0 } })
      .answer(listTemplateCreditRecordsRoute, { data: { list: [], count: 0 } })
      .answer(listTemplateCreditAdditionsRoute, { data: { list: [], count: 0 } });
    await renderInLanguage(<TemplateScreen />, { path: '/template' });
    expect(await screen.findByText('No credit has been added to your account yet.')).toBeTruthy();
    expect(await screen.findByText('You have not bought any templates with credit yet.')).toBeTruthy();
    expect(screen.getByText('CN¥0.00')).toBeTruthy();
    // The overseas build sells no credit: its top-up stays the template community's page.
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toMatch(/\/templates\/top-up$/);
  });

  it('lists what was added — a top-up, a plan’s credit, a gift code, a grant — in yuan, with what is left and until when', async () => {
    stubApi()
      .answer(getTemplateCreditRoute, { data: { surplus: 5200 } })
      .answer(listTemplateCreditRecordsRoute, { data: { list: [], count: 0 } })
      .answer(listTemplateCreditAdditionsRoute, { data: { list: [...additions], count: additions.length } });
    await renderInLanguage(<TemplateScreen />, { path: '/template', language: 'zh', build: { region: 'domestic' } });
    const table = await screen.findByRole('table', { name: '充值与获赠记录' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['客服发放', '¥7.00', '¥7.00', '永久有效'],
      ['礼品码', '¥5.00', '¥5.00', '永久有效'],
      ['会员套餐赠送', '¥20.00', '¥10.00', expect.stringMatching(/^2027/)],
      ['充值', '¥30.00', '¥30.00', '永久有效'],
    ]);
    // Spending has its own record: nothing was bought yet.
    expect(screen.getByText('您还没有使用模板券购买过模板。')).toBeTruthy();
  });
});
