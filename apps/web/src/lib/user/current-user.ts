import { type RouteReply, getUserRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { useSession } from '../session';

export type UserInfo = RouteReply<typeof getUserRoute>['data'];

/**
 * The prefix of every query holding the user's own data (their info, orders, licences, points,
 * credit…): what a change that can show anywhere — a redeemed code, a purchase — invalidates, so
 * each screen reads its part again without one feature knowing another's keys.
 */
export const userDataKey = (userId: number) => ['user', userId] as const;

/** One key for the user's information: the shell, the header and the screens share one answer. */
export const currentUserQueryKey = (userId: number) => ['user', userId, 'info'] as const;

/** The signed-in user's information (GET /api/user/:userId), shared by the shell and the screens. */
export function currentUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: currentUserQueryKey(userId),
    queryFn: ({ signal }) => apiCall(getUserRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}

/** The signed-in user's information, or undefined while signed out or loading. */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(session?.userId ?? 0), enabled: session !== null });
}
