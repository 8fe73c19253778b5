import type { IncomeWindow } from './get-income-records';

/**
 * Query keys of the property screen, each defined once: the queries use them and the
 * withdrawal and a new range invalidate or forget through them
 * (docs/architecture.md#web-conventions).
 */
export const incomeKeys = {
  all: (userId: number) => ['user', userId, 'income'] as const,
  summary: (userId: number) => [...incomeKeys.all(userId), 'summary'] as const,
  records: (userId: number) => [...incomeKeys.all(userId), 'records'] as const,
  /** One key per page of a window: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  page: (userId: number, shown: IncomeWindow, page: number) =>
    [...incomeKeys.records(userId), shown.product, shown.start ?? null, shown.end ?? null, page] as const,
};
