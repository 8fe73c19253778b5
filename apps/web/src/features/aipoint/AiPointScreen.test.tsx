import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getAiPointDailyUseRoute,
  getAiPointsRoute,
  listAiPointAcquisitionsRoute,
  listAiPointUsageRoute,
} from '@account-centre/contract';
import { createQueryClient } from '../../lib/query-client';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { AiPointScreen } from './AiPointScreen';

signedInForEachTest(7);

const NOW = 1_795_000_000;
const DAY = 86_400;
/** 23 uses, newest first: features 1, 1003, then the expiry row, then mind-map features. */
const uses = Array.from({ length: 23 }, (_, i) => ({
  id: 23 - i,
  create_tm: NOW - i * 3600,
  product_type: i === 2 ? 0 : i === 1 ? 1 : 2,
  desc_type: i === 0 ? 1 : i === 1 ? 1003 : i === 2 ? 2001 : (i % 29) + 1,
  points: 10 + i,
  after_point: 5000 - i,
  unlimited: i === 3,
}));

function answerAll(options: { unlimitedDays?: number } = {}) {
  const days = options.unlimitedDays ?? 0;
  return stubApi()
    .answer(getAiPointsRoute, {
      data: {
        balance: 66_666,
        unlimit_date: days > 0 ? NOW + days * DAY : null,
        unlimited_days: days,
        expiring: [
          { points: 1000, exp_time: NOW + 3 * DAY },
          { points: 250, exp_time: NOW + 40 * DAY },
        ],
      },
    })
    .answer(listAiPointUsageRoute, ({ query }) => {
      const size = Number(query.page_size);
      const page = Number(query.page);
      return { data: uses.slice((page - 1) * size, page * size), count: uses.length };
    })
    .answer(listAiPointAcquisitionsRoute, {
      data: [
        {
          id: 2,
          created_at: NOW - DAY,
          source: 2,
          method: 'Membership_Bonus',
          total_points: 6666,
          residue_points: 6000,
          exp_time: NOW + 3 * DAY,
        },
        {
          id: 1,
          created_at: NOW - 9 * DAY,
          source: 4,
          method: 'New_User_Reward',
          total_points: 50,
          residue_points: 0,
          exp_time: null,
        },
      ],
    })
    .answer(getAiPointDailyUseRoute, {
      data: {
        first_day: NOW - 29 * DAY,
        list: [
          { day: 3, product_type: 1, desc_type: 1003, points: 40 },
          { day: 3, product_type: 2, desc_type: 1, points: 2 },
          { day: 29, product_type: 2, desc_type: 1, points: 7 },
        ],
      },
    });
}

describe('the AI points screen', () => {
  it('shows the balance, what expires when, and in the domestic build a buy button', async () => {
    answerAll({ unlimitedDays: 12 });
    await renderInLanguage(<AiPointScreen />, { path: '/aipoint?tend=max', build: { region: 'domestic' } });
    expect(await screen.findByText('66,666')).toBeTruthy();
    expect(screen.getByTestId('ai-unlimited-days').textContent).toBe('12');
    // Points are bought on the purchase screen, on the tab of what the button offers, keeping the build's query.
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Buy AI points')).toBe('/buy?tend=max&kind=ai_points');
    expect(href('Top up points')).toBe('/buy?tend=max&kind=ai_points');
    expect(href('Buy an AI package')).toBe('/buy?tend=max&kind=ai_points');
    expect(href('Upgrade to unlimited use')).toBe('/buy?tend=max&kind=ai_unlimited');
    expect(href('Earn free points')).toMatch(/^https:\/\/.*\/ai-points\/earn$/);
    expect(screen.getByRole('link', { name: 'Get more points' })).toBeTruthy();
    expect(screen.getAllByRole('list').some((list) => within(list).queryAllByRole('listitem').length === 3)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'When points expire' }));
    const expiring = await screen.findByRole('dialog');
    const rows = within(expiring).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('1,000');
    expect(rows[2]?.textContent).toContain('250');
  });

  it('shows a slash for no unlimited use, and no buy button overseas', async () => {
    answerAll();
    await renderInLanguage(<AiPointScreen />, { path: '/aipoint', build: { region: 'overseas' } });
    expect(await screen.findByText('66,666')).toBeTruthy();
    expect(screen.getByTestId('ai-unlimited-days').textContent).toBe('/');
    expect(screen.queryByRole('link', { name: 'Buy AI points' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Top up points' }).getAttribute('href')).toBe('/buy?kind=ai_points');
  });

  it('names each use’s feature and product, pages the usage history and keeps each page seen', async () => {
    const api = answerAll();
    await renderInLanguage(<AiPointScreen />, { path: '/aipoint', queryClient: createQueryClient() });
    const table = await screen.findByRole('table', { name: 'Usage history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toContain('AI painting');
    expect(rows[1]?.textContent).toContain('Mind map');
    expect(rows[2]?.textContent).toContain('Flowchart analysis');
    expect(rows[2]?.textContent).toContain('Diagram');
    expect(rows[3]?.textContent).toContain('Expired points');
    expect(
      within(rows[3] as HTMLElement)
        .getAllByRole('cell')
        .at(-1)?.textContent,
    ).toBe('/');
    expect(rows[4]?.textContent).toContain('Unlimited use');

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await within(table).findByText('SWOT analysis')).toBeTruthy(); // the 21st use: feature 21
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await within(table).findByText('Flowchart analysis')).toBeTruthy();
    expect(api.callsTo(listAiPointUsageRoute).map((call) => call.query)).toEqual([
      { page: '1', page_size: '10' },
      { page: '3', page_size: '10' },
    ]);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    await within(table).findByText('Refine text'); // the 13th use (feature 13): on the first page of 20 only
    expect(api.callsTo(listAiPointUsageRoute).at(-1)?.query).toEqual({ page: '1', page_size: '20' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
  });

  it('lists every acquisition with how, the source, what is left and when it expires', async () => {
    answerAll();
    await renderInLanguage(<AiPointScreen />, { path: '/aipoint' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Acquisition history' }));
    const table = await screen.findByRole('table', { name: 'Acquisition history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Membership bonus');
    expect(rows[1]?.textContent).toContain('6,666');
    expect(rows[1]?.textContent).toContain('6,000');
    expect(rows[2]?.textContent).toContain('New user reward');
    expect(rows[2]?.textContent).toContain('Activity');
    expect(rows[2]?.textContent).toContain('Never');
  });

  it('sums the last 30 days and gives the chart’s figures as a table', async () => {
    answerAll();
    await renderInLanguage(<AiPointScreen />, { path: '/aipoint' });
    expect(await screen.findByText('49 points used in the last 30 days, at most 42 on one day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const figures = await screen.findByRole('table', { name: 'Points used in the last 30 days' });
    const rows = within(figures).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Day', 'Diagram', 'Mind map', 'Total'],
      [expect.any(String), '40', '2', '42'],
      [expect.any(String), '0', '7', '7'],
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'By feature' }));
    const byFeature = await screen.findByRole('table', { name: 'Points used in the last 30 days' });
    expect([...within(byFeature).getAllByRole('row')[0]!.children].map((cell) => cell.textContent)).toEqual([
      'Day',
      'Flowchart analysis',
      'AI painting',
      'Total',
    ]);
  });
});
