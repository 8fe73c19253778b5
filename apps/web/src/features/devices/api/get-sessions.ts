import { type RouteReply, listSessionsRoute } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { deviceKeys } from './keys';

export type SessionList = RouteReply<typeof listSessionsRoute>;
export type Session = SessionList['data'][number];

/** The account's signed-in sessions. */
export const sessionsOptions = (userId: number) =>
  queryOptions({
    queryKey: deviceKeys.sessions(userId),
    queryFn: ({ signal }) => apiCall(listSessionsRoute, { params: { userId }, signal }),
  });

export function useSessions(userId: number) {
  return useQuery(sessionsOptions(userId));
}
