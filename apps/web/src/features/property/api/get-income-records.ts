import { getIncomeDetailRoute, INCOME_PAGE_SIZE, type IncomeProduct, type RouteReply } from '@account-centre/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiCall, pageWindow, usePagedQuery } from '../../../lib/api';
import { incomeKeys } from './keys';

export type IncomeEntry = RouteReply<typeof getIncomeDetailRoute>['data']['income'][number];

/** A window of the record tab, in seconds (spec 01 §5); undefined: the server's default year. */
export interface IncomeWindow {
  product: IncomeProduct;
  start?: number;
  end?: number;
}

/** A page of one product's income in a window, 10 a page (getProperty). */
const incomeRecordsOptions = (userId: number, shown: IncomeWindow, page: number) =>
  queryOptions({
    queryKey: incomeKeys.page(userId, shown, page),
    queryFn: ({ signal }) =>
      apiCall(getIncomeDetailRoute, {
        params: { userId },
        query: {
          product: shown.product,
          ...pageWindow(page, INCOME_PAGE_SIZE),
          ...(shown.start === undefined ? {} : { start: shown.start }),
          ...(shown.end === undefined ? {} : { end: shown.end }),
        },
        signal,
      }).then((reply) => reply.data),
  });

export function useIncomeRecords(userId: number, shown: IncomeWindow, page: number) {
  return usePagedQuery(incomeRecordsOptions(userId, shown, page));
}

/** Forgets the pages of every shown: a new range starts from a clean cache (spec 01 §4). */
export function useForgetIncomePages(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: incomeKeys.records(userId) });
}
