import { bindEmailRoute, bindMobileRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';
import type { Contact } from './send-code';

/** Binds an e-mail or a mainland mobile when none is bound; answers the saved user info. */
export function bindContact(userId: number, kind: Contact, { address, code }: { address: string; code: string }) {
  const call =
    kind === 'email'
      ? apiCall(bindEmailRoute, { params: { userId }, body: { email: address, code } })
      : apiCall(bindMobileRoute, { params: { userId }, body: { mobile: address, code } });
  return call.then((reply) => reply.data);
}
