import { type QueryKey, type UseQueryOptions, keepPreviousData, useQuery } from '@tanstack/react-query';

/** What a route that pages by offset is asked for page `page` (counted from 1). */
export function pageWindow(page: number, pageSize: number) {
  return { offset: (page - 1) * pageSize, count: pageSize };
}

/** A page of a list: the previous page stays on show while the next one loads, so the pager does not jump. */
export function usePagedQuery<Data, Key extends QueryKey>(options: UseQueryOptions<Data, Error, Data, Key>) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}
