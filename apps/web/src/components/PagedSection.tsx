import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';
import { PageRows, Pager } from './Pager';

/** What a section reads of its query: TanStack Query's result has all of it. */
export interface SectionQuery<Data> {
  data: Data | undefined;
  isError: boolean;
  /** The last page on show while the next one loads (`placeholderData: keepPreviousData`). */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface Paging {
  /** The page on show, counted from 1. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the pager's navigation landmark: which list it turns. */
  label: string;
  /** Where the pager sits under the rows when nothing is beside it; the start unless said. */
  at?: 'start' | 'end';
}

interface PagedSectionProps<Data> {
  query: SectionQuery<Data>;
  /** How many rows there are on every page together; none shows `empty`. */
  count: (data: Data) => number;
  empty: ReactNode;
  loadFailed: ReactNode;
  /** Without it every row is on show at once (a list that grows by "read more"). */
  paging?: Paging;
  /**
   * The section's heading, an h2 with `headingId`, which the rows are labelled by; `header`
   * instead when the heading comes with more (an introduction, an action). With neither, the
   * caller's own heading names the rows and no section is drawn around them.
   */
  title?: ReactNode;
  header?: ReactNode;
  headingId?: string;
  /** Above the rows once there are any, and not dimmed while a page turns. */
  before?: ReactNode;
  /** At the start of the pager's line (a choice of page size), shown with the rows. */
  beside?: ReactNode;
  /** The rows of the page on show. */
  children: (data: Data) => ReactNode;
}

/**
 * A list shown a page at a time, the same way on every screen: its heading, a spinner until the
 * first answer, the failure with a retry, a dimmed line when there is nothing, else the rows (the
 * last page's, marked busy, while the next loads) and under them the pager, named as a
 * navigation landmark, once there is more than one page.
 */
export function PagedSection<Data>({
  query,
  count,
  empty,
  loadFailed,
  paging,
  title,
  header,
  headingId,
  before,
  beside,
  children,
}: PagedSectionProps<Data>) {
  const body = (() => {
    if (query.isError) return <LoadFailed message={loadFailed} onRetry={() => void query.refetch()} />;
    if (query.data === undefined) return <Loading />;
    const total = count(query.data);
    if (total === 0) return <Text c="dimmed">{empty}</Text>;
    const pages = paging ? Math.ceil(total / paging.pageSize) : 1;
    const pager = paging && pages > 1 && (
      <Box component="nav" aria-label={paging.label}>
        <Pager total={pages} value={paging.page} onChange={paging.onPage} size="sm" />
      </Box>
    );
    const justify = beside ? 'space-between' : paging?.at === 'end' ? 'flex-end' : 'flex-start';
    return (
      <Stack gap="sm">
        {before}
        <PageRows turning={query.isPlaceholderData}>{children(query.data)}</PageRows>
        {(beside || pager) && (
          <Group justify={justify} wrap="wrap" gap="sm">
            {beside}
            {pager}
          </Group>
        )}
      </Stack>
    );
  })();

  if (title === undefined && header === undefined) return body;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      {header ?? (
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
      )}
      {body}
    </Stack>
  );
}
