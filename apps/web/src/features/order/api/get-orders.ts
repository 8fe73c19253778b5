import { ORDER_PAGE_SIZE, type RouteReply, getOrdersRoute } from '@account-centre/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type OrderRow = RouteReply<typeof getOrdersRoute>['data'][number];
export interface OrderPage {
  rows: OrderRow[];
  /** All orders of the user, for the pager. */
  total: number;
}

/** One page of the order history (0-based), 3 orders a page (spec 01 §9). */
export function orderPageQueryOptions(userId: number, page: number, pageSize: number = ORDER_PAGE_SIZE) {
  return queryOptions({
    queryKey: orderKeys.historyPage(userId, page, pageSize),
    queryFn: ({ signal }): Promise<OrderPage> =>
      apiCall(getOrdersRoute, {
        params: { userId },
        query: { offset: page * pageSize, count: pageSize },
        signal,
      }).then((reply) => ({ rows: reply.data, total: reply.count })),
    // Spec 01 §4: a page seen once is not fetched again when revisited; a receipt request
    // invalidates the pages, and the tab becoming visible refetches them.
    staleTime: Infinity,
    // While the next page loads the table keeps the last one, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}
