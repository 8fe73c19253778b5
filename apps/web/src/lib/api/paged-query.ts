import type { RouteDef, RouteParams, RouteReply } from '@account-centre/contract';
import { type QueryKey, type UseQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiCallOptions, callRoute } from './client';

/** What a route that pages by offset is asked for page `page` (counted from 1). */
export function pageWindow(page: number, pageSize: number) {
  return { offset: (page - 1) * pageSize, count: pageSize };
}

/** A page of a list: the previous page stays on show while the next one loads, so the pager does not jump. */
export function usePagedQuery<Data, Key extends QueryKey>(options: UseQueryOptions<Data, Error, Data, Key>) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}

/** A route that reads one account's list, named by the account's id, and pages it by offset. */
type AccountPageRoute<R extends RouteDef> = RouteParams<R> extends { userId: number } ? R : never;

/**
 * The query of one page of an account's list: each page under a key of its own, so a page seen
 * once is shown again without asking. `pick` takes the list out of the answer where the route
 * wraps it.
 */
export function accountPageOptions<R extends RouteDef, Key extends QueryKey, Data = RouteReply<R>>(page: {
  route: AccountPageRoute<R>;
  queryKey: Key;
  userId: number;
  page: number;
  pageSize: number;
  pick?: (reply: RouteReply<R>) => Data;
}) {
  const pick = page.pick ?? ((reply: RouteReply<R>) => reply as Data);
  return queryOptions({
    queryKey: page.queryKey,
    queryFn: ({ signal }) =>
      // The route's type says it takes the account's id and an offset window; TypeScript cannot
      // follow that through the generic route, so the options are told their type.
      callRoute(page.route, {
        params: { userId: page.userId },
        query: pageWindow(page.page, page.pageSize),
        signal,
      } as unknown as ApiCallOptions<R>).then(pick),
  });
}
