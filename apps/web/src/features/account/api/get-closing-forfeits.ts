import { getClosingForfeitsRoute } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

/**
 * Its query key. Not in keys.ts: that file is on the first route, at its size budget, and only
 * the lazily loaded closing dialog reads this one; nothing else invalidates it.
 */
const closingForfeitsKey = (userId: number) => ['user', userId, 'closing-forfeits'] as const;

/**
 * GET /api/user/:userId/close/forfeits: what the account still holds that closing it gives up
 * (income, points, credit, a coupon, company spaces it created, teams it owns) and the
 * withdrawals still to be paid. Read
 * afresh each time the closing dialog opens, since a balance may have moved since.
 */
export function useClosingForfeits(userId: number) {
  return useQuery({
    queryKey: closingForfeitsKey(userId),
    queryFn: ({ signal }) =>
      apiCall(getClosingForfeitsRoute, { params: { userId }, signal }).then((reply) => reply.data.items),
    staleTime: 0,
    gcTime: 0,
  });
}
