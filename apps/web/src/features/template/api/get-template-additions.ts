import { listTemplateCreditAdditionsRoute, type RouteReply, TEMPLATE_RECORD_PAGE_SIZE } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, pageWindow, usePagedQuery } from '../../../lib/api';
import { templateKeys } from './keys';

export type TemplateAddition = RouteReply<typeof listTemplateCreditAdditionsRoute>['data']['list'][number];

/** A page of the credit added to the account (top-ups, plans, gift codes, grants), 10 a page like the records. */
export const templateAdditionsOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: templateKeys.addedPage(userId, page),
    queryFn: ({ signal }) =>
      apiCall(listTemplateCreditAdditionsRoute, {
        params: { userId },
        query: pageWindow(page, TEMPLATE_RECORD_PAGE_SIZE),
        signal,
      }).then((reply) => reply.data),
  });

export function useTemplateAdditions(userId: number, page: number) {
  return usePagedQuery(templateAdditionsOptions(userId, page));
}
