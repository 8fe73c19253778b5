import { type RouteReply, SIGN_IN_HISTORY_PAGE_SIZE, signInHistoryRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, pageWindow, usePagedQuery } from '../../../lib/api';
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
        query: pageWindow(page, SIGN_IN_HISTORY_PAGE_SIZE),
        signal,
      }),
  });

export function useSignInHistory(userId: number, page: number) {
  return usePagedQuery(signInHistoryOptions(userId, page));
}
