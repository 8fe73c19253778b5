import { type RouteBody, updateUserRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type ProfileChanges = RouteBody<typeof updateUserRoute>;

/** PUT /api/user/:userId with the changed fields only; answers the saved user info. */
export function updateProfile(userId: number, body: ProfileChanges) {
  return apiCall(updateUserRoute, { params: { userId }, body }).then((reply) => reply.data);
}
