import {
  getTemplateCreditRoute,
  listTemplateCreditAdditionsRoute,
  listTemplateCreditRecordsRoute,
  type RouteReply,
  TEMPLATE_RECORD_PAGE_SIZE,
} from '@account-centre/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export type TemplateRecord = RouteReply<typeof listTemplateCreditRecordsRoute>['data']['list'][number];
export type TemplateAddition = RouteReply<typeof listTemplateCreditAdditionsRoute>['data']['list'][number];

/** Under the user's prefix, so a redeemed gift code's credit shows here too. */
const templateKeys = {
  all: (userId: number) => ['user', userId, 'template-credit'] as const,
  balance: (userId: number) => [...templateKeys.all(userId), 'balance'] as const,
  /** One key per page: a page seen once is not fetched again when revisited (spec 01 §4 "Paging"). */
  page: (userId: number, page: number) => [...templateKeys.all(userId), 'records', page] as const,
  addedPage: (userId: number, page: number) => [...templateKeys.all(userId), 'added', page] as const,
};

/** Template credit left, in fen (spec 01 §7 getTemplateCoupon). */
export const templateCreditOptions = (userId: number) =>
  queryOptions({
    queryKey: templateKeys.balance(userId),
    queryFn: ({ signal }) =>
      apiCall(getTemplateCreditRoute, { params: { userId }, signal }).then((reply) => reply.data.surplus),
  });

export function useTemplateCredit(userId: number) {
  return useQuery(templateCreditOptions(userId));
}

/** The page the records open on. */
export const FIRST_RECORDS_PAGE = 1;

/** A page of templates bought with credit, 10 a page (spec 01 §9). */
export const templateRecordsOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: templateKeys.page(userId, page),
    queryFn: ({ signal }) =>
      apiCall(listTemplateCreditRecordsRoute, {
        params: { userId },
        query: { offset: (page - 1) * TEMPLATE_RECORD_PAGE_SIZE, count: TEMPLATE_RECORD_PAGE_SIZE },
        signal,
      }).then((reply) => reply.data),
  });

export function useTemplateRecords(userId: number, page: number) {
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...templateRecordsOptions(userId, page), placeholderData: keepPreviousData });
}

/** A page of the credit added to the account (top-ups, plans, gift codes, grants), 10 a page like the records. */
export const templateAdditionsOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: templateKeys.addedPage(userId, page),
    queryFn: ({ signal }) =>
      apiCall(listTemplateCreditAdditionsRoute, {
        params: { userId },
        query: { offset: (page - 1) * TEMPLATE_RECORD_PAGE_SIZE, count: TEMPLATE_RECORD_PAGE_SIZE },
        signal,
      }).then((reply) => reply.data),
  });

export function useTemplateAdditions(userId: number, page: number) {
  return useQuery({ ...templateAdditionsOptions(userId, page), placeholderData: keepPreviousData });
}
