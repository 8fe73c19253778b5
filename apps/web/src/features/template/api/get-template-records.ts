import { listTemplateCreditRecordsRoute, type RouteReply, TEMPLATE_RECORD_PAGE_SIZE } from '@account-centre/contract';
import { accountPages } from '../../../lib/api';
import { templateKeys } from './keys';

export type TemplateRecord = RouteReply<typeof listTemplateCreditRecordsRoute>['data']['list'][number];

/** The page the records (and the additions) open on. */
export const FIRST_RECORDS_PAGE = 1;

/** A page of templates bought with credit, 10 a page (spec 01 §9). */
export const templateRecordsOptions = accountPages({
  route: listTemplateCreditRecordsRoute,
  key: templateKeys.page,
  pageSize: TEMPLATE_RECORD_PAGE_SIZE,
  pick: (reply) => reply.data,
});
