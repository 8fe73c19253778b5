import { type IdentityProvider, startCloseByIdentityRoute, startIdentityBindRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type IdentityFlowPurpose = 'bind' | 'close';

/**
 * Starts binding, or closing the account by, a third-party sign-in: the provider's page for a
 * popup, or with `handoff` a one-time link for the system browser (docs/decisions/008).
 */
export function startIdentityFlow(
  userId: number,
  provider: IdentityProvider,
  purpose: IdentityFlowPurpose,
  handoff: boolean,
): Promise<string> {
  const route = purpose === 'bind' ? startIdentityBindRoute : startCloseByIdentityRoute;
  return apiCall(route, { params: { userId, provider }, query: handoff ? { handoff: true } : {} }).then(
    (reply) => reply.data.url,
  );
}
