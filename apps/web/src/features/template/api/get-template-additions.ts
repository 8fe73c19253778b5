import { listTemplateCreditAdditionsRoute, type RouteReply, TEMPLATE_RECORD_PAGE_SIZE } from '@account-centre/contract';
import { accountPages } from '../../../lib/api';
import { templateKeys } from './keys';

export type TemplateAddition = RouteReply<typeof listTemplateCreditAdditionsRoute>['data']['list'][number];

/** A page of the credit added to the account (top-ups, plans, gift codes, grants), 10 a page like the records. */
export const templateAdditionsOptions = accountPages({
  route: listTemplateCreditAdditionsRoute,
  key: templateKeys.addedPage,
  pageSize: TEMPLATE_RECORD_PAGE_SIZE,
  pick: (reply) => reply.data,
});
