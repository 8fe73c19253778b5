import { type IdentityProvider, unbindIdentityRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** DELETE /api/user/:userId/identity/:provider (only-binding rule on the server too); answers the user info. */
export function unbindIdentity(userId: number, provider: IdentityProvider) {
  return apiCall(unbindIdentityRoute, { params: { userId, provider } }).then((reply) => reply.data);
}
