import { bindByLinkRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** Binds a phone to the link's account with a code of purpose 4 sent to the phone. */
export function bindPhoneByLink(body: { token: string; mobile: string; code: string }) {
  return apiCall(bindByLinkRoute, { body }).then((reply) => reply.data);
}
