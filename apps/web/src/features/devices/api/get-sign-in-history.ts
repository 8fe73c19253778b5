import { type RouteReply, SIGN_IN_HISTORY_PAGE_SIZE, signInHistoryRoute } from '@account-centre/contract';
import { accountPages } from '../../../lib/api';
import { deviceKeys } from './keys';

export type SignInHistoryPage = RouteReply<typeof signInHistoryRoute>;
export type SignInEvent = SignInHistoryPage['data'][number];

/** The page the history opens on. */
export const FIRST_HISTORY_PAGE = 1;

/** One page (1-based) of the account's sign-in history. */
export const signInHistoryOptions = accountPages({
  route: signInHistoryRoute,
  key: deviceKeys.historyPage,
  pageSize: SIGN_IN_HISTORY_PAGE_SIZE,
});
