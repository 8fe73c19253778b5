import { getExchangeCodeRoute, AccountErrors, isFailure } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api';
import { accountKeys } from './keys';

/**
 * The user's exchange code of a form (spec 01 §7 getExchangeCode). The server hands each user
 * one code per form and answers the same one on every call, so the answer is fetched once per
 * page load: not again when the tab becomes visible, as other screens' data is.
 */
export function exchangeCodeQueryOptions(userId: number, formName: string) {
  return queryOptions({
    queryKey: accountKeys.exchangeCode(userId, formName),
    queryFn: ({ signal }) =>
      apiCall(getExchangeCodeRoute, { params: { userId }, query: { form_name: formName }, signal }).then(
        (reply) => reply.data.code,
      ),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useExchangeCode(userId: number, formName: string, enabled: boolean) {
  return useQuery({ ...exchangeCodeQueryOptions(userId, formName), enabled });
}

/** The server's "this form has no code left for you" (404 `no exchange code`), as opposed to a failure. */
export function isNoExchangeCode(error: unknown): boolean {
  return isFailure(error, AccountErrors.noExchangeCode);
}

/**
 * A failure that asking again cannot cure: the server refused the request itself (a
 * `form_name` that is not a form name is 400 `invalid request`).
 */
export function isRefusedExchangeRequest(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}
