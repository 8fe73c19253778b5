import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage, resetLanguage } from '../testing/render';
import { PagedSection, type SectionQuery } from './PagedSection';

interface Page {
  names: string[];
  total: number;
}

const query = (state: Partial<SectionQuery<Page>>): SectionQuery<Page> => ({
  data: undefined,
  isError: false,
  isPlaceholderData: false,
  refetch: () => undefined,
  ...state,
});

function renderSection(state: Partial<SectionQuery<Page>>, onPage = vi.fn()) {
  return renderInLanguage(
    <PagedSection
      query={query(state)}
      count={(data) => data.total}
      empty="Nothing here yet."
      loadFailed="The list did not load."
      paging={{ page: 1, pageSize: 2, onPage, label: 'List pages' }}
      title="The list"
      headingId="list-heading"
    >
      {(data) => (
        <ul aria-labelledby="list-heading">
          {data.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedSection>,
  );
}

describe('PagedSection', () => {
  afterEach(async () => {
    cleanup();
    await resetLanguage();
  });

  it('names the section by its heading and shows a named spinner until the first answer', async () => {
    await renderSection({});
    const section = screen.getByRole('region', { name: 'The list' });
    expect(within(section).getByRole('heading', { level: 2, name: 'The list' })).toBeTruthy();
    expect(within(section).getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says what failed and retries through the query', async () => {
    const refetch = vi.fn();
    await renderSection({ isError: true, refetch });
    expect(screen.getByRole('alert').textContent).toBe('The list did not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says there is nothing, with no pager, when there are no rows', async () => {
    await renderSection({ data: { names: [], total: 0 } });
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the rows and a pager named as a landmark once there is a second page', async () => {
    const onPage = vi.fn();
    await renderSection({ data: { names: ['Ada', 'Grace'], total: 3 } }, onPage);
    expect(within(screen.getByRole('list', { name: 'The list' })).getAllByRole('listitem')).toHaveLength(2);
    const pager = screen.getByRole('navigation', { name: 'List pages' });
    expect(within(pager).getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('has no pager for a single page, and marks the last page busy while the next one loads', async () => {
    await renderSection({ data: { names: ['Ada'], total: 1 }, isPlaceholderData: true });
    expect(screen.getByText('Ada').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
