import { type RouteReply, createBindLinkRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type BindLink = RouteReply<typeof createBindLinkRoute>['data'];

/** A new one-time phone-binding link with its QR code; any earlier link stops working. */
export function createBindLink(userId: number) {
  return apiCall(createBindLinkRoute, { params: { userId } }).then((reply) => reply.data);
}
