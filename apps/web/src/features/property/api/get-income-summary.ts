import { getIncomeRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { incomeKeys } from './keys';

export type IncomeSummary = RouteReply<typeof getIncomeRoute>['data'];
export type Withdrawal = IncomeSummary['recent'][number];

/** What can be withdrawn, what is locked, the withdrawal under way (getIncome). */
export function useIncomeSummary(userId: number) {
  return useQuery({
    queryKey: incomeKeys.summary(userId),
    queryFn: ({ signal }) => apiCall(getIncomeRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
