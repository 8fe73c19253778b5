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
 * The queries of an account's list read a page at a time, one page each: every page under a key
 * of its own (`key`), so a page seen once is shown again without asking. `pick` takes the list
 * out of the answer where the route wraps it.
 */
export function accountPages<R extends RouteDef, Key extends QueryKey, Data = RouteReply<R>>(list: {
  route: AccountPageRoute<R>;
  key: (userId: number, page: number) => Key;
  pageSize: number;
  pick?: (reply: RouteReply<R>) => Data;
}) {
  const pick = list.pick ?? ((reply: RouteReply<R>) => reply as Data);
  return (userId: number, page: number) =>
    queryOptions({
      queryKey: list.key(userId, page),
      queryFn: ({ signal }) =>
        // The route's type says it takes the account's id and an offset window; TypeScript cannot
        // follow that through the generic route, so the options are told their type.
        callRoute(list.route, {
          params: { userId },
          query: pageWindow(page, list.pageSize),
          signal,
        } as unknown as ApiCallOptions<R>).then(pick),
    });
}
