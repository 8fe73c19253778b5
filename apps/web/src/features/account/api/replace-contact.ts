import { replaceEmailRoute, replaceMobileRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';
import type { Contact } from './send-code';

/** Replaces the bound e-mail or mobile: a code from the old address and one from the new. */
export function replaceContact(
  userId: number,
  kind: Contact,
  { old_code, address, code }: { old_code: string; address: string; code: string },
) {
  const call =
    kind === 'email'
      ? apiCall(replaceEmailRoute, { params: { userId }, body: { old_code, email: address, code } })
      : apiCall(replaceMobileRoute, { params: { userId }, body: { old_code, mobile: address, code } });
  return call.then((reply) => reply.data);
}
