import { unbindEmailRoute, unbindMobileRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';
import type { Contact } from './send-code';

/** Unbinds the e-mail or mobile with a code of purpose 3 sent to it; answers the saved user info. */
export function unbindContact(userId: number, kind: Contact, code: string) {
  const call =
    kind === 'email'
      ? apiCall(unbindEmailRoute, { params: { userId }, body: { code } })
      : apiCall(unbindMobileRoute, { params: { userId }, body: { code } });
  return call.then((reply) => reply.data);
}
