import { useMutation } from '@tanstack/react-query';
import { type RouteBody, resetPasswordRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type ResetPasswordInput = RouteBody<typeof resetPasswordRoute>;

/** Sets a new password with a forgot-password code (purpose 2). */
export function resetPassword(body: ResetPasswordInput) {
  return apiCall(resetPasswordRoute, { body }).then(() => undefined);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
