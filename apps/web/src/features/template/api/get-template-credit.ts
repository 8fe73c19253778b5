import { getTemplateCreditRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { templateKeys } from './keys';

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
