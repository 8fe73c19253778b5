import { listTemplateCreditRecordsRoute, type RouteReply, TEMPLATE_RECORD_PAGE_SIZE } from '@account-centre/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { templateKeys } from './keys';

export type TemplateRecord = RouteReply<typeof listTemplateCreditRecordsRoute>['data']['list'][number];

/** The page the records (and the additions) open on. */
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
