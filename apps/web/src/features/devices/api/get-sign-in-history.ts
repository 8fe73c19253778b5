import { type RouteReply, SIGN_IN_HISTORY_PAGE_SIZE, signInHistoryRoute } from '@account-centre/contract';
import { accountPageOptions, usePagedQuery } from '../../../lib/api';
import { deviceKeys } from './keys';

export type SignInHistoryPage = RouteReply<typeof signInHistoryRoute>;
export type SignInEvent = SignInHistoryPage['data'][number];

/** The page the history opens on. */
export const FIRST_HISTORY_PAGE = 1;

/** One page (1-based) of the account's sign-in history. */
export const signInHistoryOptions = (userId: number, page: number) =>
  accountPageOptions({
    route: signInHistoryRoute,
    queryKey: deviceKeys.historyPage(userId, page),
    userId,
    page,
    pageSize: SIGN_IN_HISTORY_PAGE_SIZE,
  });

export function useSignInHistory(userId: number, page: number) {
  return usePagedQuery(signInHistoryOptions(userId, page));
}
