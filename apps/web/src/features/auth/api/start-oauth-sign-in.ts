import { type IdentityProvider, startOAuthSignInRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/**
 * Starts signing in with a third-party account: the provider's page, for the popup opened in
 * the click (docs/decisions/008). The popup's last page posts a one-time login ticket back.
 */
export function startOAuthSignIn(provider: IdentityProvider): Promise<string> {
  return apiCall(startOAuthSignInRoute, { params: { provider } }).then((reply) => reply.data.url);
}
