import {
  getIncomeDetailRoute,
  getIncomeRoute,
  INCOME_PAGE_SIZE,
  type IncomeProduct,
  requestWithdrawalRoute,
  type RouteReply,
  type WithdrawalForm,
} from '@account-centre/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export type IncomeSummary = RouteReply<typeof getIncomeRoute>['data'];
export type IncomeEntry = RouteReply<typeof getIncomeDetailRoute>['data']['income'][number];
export type Withdrawal = IncomeSummary['recent'][number];

/** A window of the record tab, in seconds (spec 01 §5); undefined: the server's default year. */
export interface IncomeWindow {
  product: IncomeProduct;
  start?: number;
  end?: number;
}

const incomeKeys = {
  all: (userId: number) => ['user', userId, 'income'] as const,
  summary: (userId: number) => [...incomeKeys.all(userId), 'summary'] as const,
  records: (userId: number) => [...incomeKeys.all(userId), 'records'] as const,
  /** One key per page of a window: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  page: (userId: number, shown: IncomeWindow, page: number) =>
    [...incomeKeys.records(userId), shown.product, shown.start ?? null, shown.end ?? null, page] as const,
};

/** What can be withdrawn, what is locked, the withdrawal under way (getIncome). */
export function useIncomeSummary(userId: number) {
  return useQuery({
    queryKey: incomeKeys.summary(userId),
    queryFn: ({ signal }) => apiCall(getIncomeRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
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
          offset: (page - 1) * INCOME_PAGE_SIZE,
          count: INCOME_PAGE_SIZE,
          ...(shown.start === undefined ? {} : { start: shown.start }),
          ...(shown.end === undefined ? {} : { end: shown.end }),
        },
        signal,
      }).then((reply) => reply.data),
  });

export function useIncomeRecords(userId: number, shown: IncomeWindow, page: number) {
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...incomeRecordsOptions(userId, shown, page), placeholderData: keepPreviousData });
}

/** Forgets the pages of every shown: a new range starts from a clean cache (spec 01 §4). */
export function useForgetIncomePages(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: incomeKeys.records(userId) });
}

/**
 * Asks for a withdrawal (getCash). `requestKey` names one confirmation: sent again after a lost
 * answer, the server answers it once.
 */
export function useRequestWithdrawal(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, requestKey }: { form: WithdrawalForm; requestKey: string }) =>
      apiCall(requestWithdrawalRoute, {
        params: { userId },
        // The amount as checked (withdrawalYuan trims it); the server takes plain digits only.
        body: { ...form, amount: typeof form.amount === 'string' ? form.amount.trim() : form.amount },
        headers: { 'Idempotency-Key': requestKey },
      }).then((reply) => reply.data.withdrawal),
    // Success and failure alike: the figures and the ongoing state are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: incomeKeys.summary(userId) }),
  });
}
