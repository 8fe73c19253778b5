import { type RouteBody, closeAccountRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type CloseAccountBody = RouteBody<typeof closeAccountRoute>;

/**
 * POST /api/user/:userId/close with a code of purpose 11 sent to the account's e-mail or phone
 * (docs/decisions/007): the server erases the account and ends every session of it.
 */
export function closeAccount(userId: number, body: CloseAccountBody) {
  return apiCall(closeAccountRoute, { params: { userId }, body }).then(() => undefined);
}
