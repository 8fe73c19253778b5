import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTemplateCreditRoute, listTemplateCreditRecordsRoute } from '@account-centre/contract';
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

describe('the template credit screen', () => {
  it('shows the balance in yuan, the expense record 10 a page, and the four tips', async () => {
    const api = stubApi()
      .answer(getTemplateCreditRoute, { data: { surplus: 123_450 } })
      .answer(listTemplateCreditRecordsRoute, ({ query }) => ({
        data: {
          list: records.slice(Number(query.offset), Number(query.offset) + Number(query.count)),
          count: records.length,
        },
      }));
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
    expect(screen.getAllByRole('listitem')).toHaveLength(4);

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
      .answer(listTemplateCreditRecordsRoute, { data: { list: [], count: 0 } });
    await renderInLanguage(<TemplateScreen />, { path: '/template' });
    expect(await screen.findByText('You have not bought any templates with credit yet.')).toBeTruthy();
    expect(screen.getByText('CN¥0.00')).toBeTruthy();
    // The overseas build sells no credit: its top-up stays the template community's page.
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toMatch(/\/templates\/top-up$/);
  });
});
