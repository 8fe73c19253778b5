import { useMutation } from '@tanstack/react-query';
import { type RouteBody, loginRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type SignInInput = RouteBody<typeof loginRoute>;

/** Signs in with a password or with a quick-login code (purpose 8). */
export function signIn(body: SignInInput) {
  return apiCall(loginRoute, { body }).then((reply) => reply.data);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
