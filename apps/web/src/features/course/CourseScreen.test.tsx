import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPurchasedCoursesRoute, listRecommendedCoursesRoute } from '@account-centre/contract';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { CourseScreen } from './CourseScreen';

signedInForEachTest(7);

const link = (id: string) => `https://academy.example.com/courses/${id}`;

describe('the courses screen', () => {
  it('shows the courses held with their validity, a locked members’ course with renewal, and recommendations with their tags', async () => {
    stubApi()
      .answer(listPurchasedCoursesRoute, {
        data: [
          {
            lesson_id: 'uml',
            lesson_name: 'UML in depth',
            lesson_product: 'max',
            sale_way: 4,
            validity: 'permanent',
            watchable: true,
            link: link('uml'),
            cover: null,
          },
          {
            lesson_id: 'notes',
            lesson_name: 'Study notes',
            lesson_product: 'mind',
            sale_way: 3,
            validity: 'membership',
            watchable: false,
            link: link('notes'),
            cover: null,
          },
        ],
      })
      .answer(listRecommendedCoursesRoute, {
        data: [
          { id: 'a', name: 'First steps', sale_way: 1, jump_product: 'mind', price: 0, link: link('a'), cover: null },
          {
            id: 'b',
            name: 'Infographics',
            sale_way: 4,
            jump_product: 'max',
            price: 9900,
            link: link('b'),
            cover: null,
          },
        ],
      });
    await renderInLanguage(<CourseScreen />, { path: '/course', language: 'en', build: { region: 'domestic' } });
    const held = await screen.findByRole('list', { name: 'My courses' });
    const [uml, notes] = within(held).getAllByRole('listitem');
    expect(uml?.textContent).toContain('Diagram · Yours for good');
    expect(
      within(uml as HTMLElement)
        .getByRole('link', { name: 'Watch now' })
        .getAttribute('href'),
    ).toBe(link('uml'));
    expect(notes?.textContent).toContain('Mind map · During the membership period');
    expect(notes?.textContent).toContain('Locked');
    expect(within(notes as HTMLElement).queryByRole('link', { name: 'Watch now' })).toBeNull();
    expect(
      within(notes as HTMLElement)
        .getByRole('link', { name: 'Renew membership' })
        .getAttribute('href'),
    ).toMatch(/pricing\?product=academy$/);
    const offered = screen.getByRole('list', { name: 'Recommended for you' });
    const [free, paid] = within(offered).getAllByRole('listitem');
    expect(free?.textContent).toContain('Free');
    expect(paid?.textContent).toContain('CN¥99.00');
  });

  it('leads to the academy when nothing is held', async () => {
    stubApi().answer(listPurchasedCoursesRoute, { data: [] }).answer(listRecommendedCoursesRoute, { data: [] });
    await renderInLanguage(<CourseScreen />, { path: '/course', language: 'zh', build: { region: 'domestic' } });
    expect(await screen.findByText(/你还没有课程。/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去学院看看' }).getAttribute('href')).toMatch(/\/academy$/);
  });
});
