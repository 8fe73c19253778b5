import { type RouteReply, SIGN_IN_HISTORY_PAGE_SIZE, signInHistoryRoute } from '@account-centre/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { deviceKeys } from './keys';

export type SignInHistoryPage = RouteReply<typeof signInHistoryRoute>;
export type SignInEvent = SignInHistoryPage['data'][number];

/** The page the history opens on. */
export const FIRST_HISTORY_PAGE = 1;

/** One page (1-based) of the account's sign-in history. */
export const signInHistoryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: deviceKeys.historyPage(userId, page),
    queryFn: ({ signal }) =>
      apiCall(signInHistoryRoute, {
        params: { userId },
        query: { offset: (page - 1) * SIGN_IN_HISTORY_PAGE_SIZE, count: SIGN_IN_HISTORY_PAGE_SIZE },
        signal,
      }),
  });

export function useSignInHistory(userId: number, page: number) {
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...signInHistoryOptions(userId, page), placeholderData: keepPreviousData });
}
