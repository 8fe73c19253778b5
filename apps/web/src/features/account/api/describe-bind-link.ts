import { describeBindLinkRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** Whether a link can still bind a phone, and the masked account it binds to (no sign-in needed). */
export function describeBindLink(token: string, signal?: AbortSignal) {
  return apiCall(describeBindLinkRoute, { body: { token }, ...(signal ? { signal } : {}) }).then((reply) => reply.data);
}
