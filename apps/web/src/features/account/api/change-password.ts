import { type RouteBody, changePasswordRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export function changePassword(userId: number, body: RouteBody<typeof changePasswordRoute>) {
  return apiCall(changePasswordRoute, { params: { userId }, body });
}
